import Foundation
import Testing
import TestSupport

/// Every target of `Package.swift` declares the modules its sources import, and the CLI
/// imports LarderKit's API only: SwiftPM lets a target import a module it never declared when
/// some dependency brings it in, so only a test notices.
struct PackageDependencyTests {
    /// Modules of the toolchain, declared by no target.
    static let toolchainModules: Set<String> = ["Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Musl", "Darwin", "Testing", "XCTest"]

    struct Target {
        var name: String
        var folder: URL
        var dependencies: Set<String>
    }

    /// `Package.swift` as SwiftPM reads it (in a scratch folder of its own, so the build
    /// running these tests does not hold it up).
    static func package() async throws -> [String: Any] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("larder-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try await Program("swift", ["package", "--scratch-path", scratch.path, "dump-package"], directory: Fixtures.packageRoot).run()
        return try #require(try JSONSerialization.jsonObject(with: run.outputData) as? [String: Any], "\(run)")
    }

    /// The targets of `Package.swift`.
    static func targets() async throws -> [Target] {
        let targets = try #require(try await package()["targets"] as? [[String: Any]])
        return try targets.map { target in
            let name = try #require(target["name"] as? String)
            let kind = target["type"] as? String
            let folder = (target["path"] as? String) ?? ((kind == "test" ? "Tests/" : "Sources/") + name)
            var dependencies: Set<String> = [name]
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for (_, value) in dependency {
                    if let first = (value as? [Any])?.first as? String { dependencies.insert(first) }
                }
            }
            return Target(name: name, folder: Fixtures.packageRoot.appendingPathComponent(folder), dependencies: dependencies)
        }
    }

    /// The modules a folder's Swift files import.
    static func imports(in folder: URL) -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var modules: Set<String> = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            // Lines inside a multi-line string literal are text (the PDF engine's Python script
            // has `import` lines of its own), not Swift.
            var inString = false
            for line in text.split(separator: "\n") {
                if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inString.toggle(); continue }
                guard !inString else { continue }
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count >= 2, words[0] == "import" { modules.insert(String(words[1]).components(separatedBy: ".")[0]) }
            }
        }
        return modules
    }

    @Test func everyTargetDeclaresWhatItImports() async throws {
        let targets = try await Self.targets()
        #expect(targets.count > 5)
        for target in targets {
            let undeclared = Self.imports(in: target.folder).subtracting(target.dependencies).subtracting(Self.toolchainModules)
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
        }
    }

    @Test func theCLIImportsLarderKitsAPIOnly() async throws {
        let cli = try #require(try await Self.targets().first { $0.name == "larder" })
        #expect(Self.imports(in: cli.folder) == ["ArgumentParser", "Foundation", "LarderCore", "LarderKit"])
        #expect(cli.dependencies == ["larder", "ArgumentParser", "LarderCore", "LarderKit"])
    }

    /// An app can depend on the scraper alone: LarderHTML is a product, and what it builds
    /// (itself, its dependencies, theirs) holds none of LarderKit's C libraries but libxml2.
    @Test func theScraperIsAProductWithoutLarderKitsLibraries() async throws {
        let package = try await Self.package()
        let products = try #require(package["products"] as? [[String: Any]])
        let scraper = try #require(products.first { $0["name"] as? String == "LarderHTML" }, "LarderHTML is not a product")
        #expect(scraper["targets"] as? [String] == ["LarderHTML"])
        let targets = Dictionary(uniqueKeysWithValues: try await Self.targets().map { ($0.name, $0) })
        var built: Set<String> = [], waiting = ["LarderHTML"]
        while let name = waiting.popLast() {
            guard built.insert(name).inserted, let target = targets[name] else { continue }
            waiting += target.dependencies.subtracting([name])
        }
        #expect(built.isDisjoint(with: ["LarderKit", "LarderNet", "LarderArchive", "CCurl", "CArchive", "CSQLite"]), "\(built.sorted())")
        #expect(built.contains("CLibXML2") && built.contains("LarderCore"))
    }
}
