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
    static func package() throws -> [String: Any] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("larder-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = Fixtures.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The targets of `Package.swift`.
    static func targets() throws -> [Target] {
        let targets = try #require(try package()["targets"] as? [[String: Any]])
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

    @Test func everyTargetDeclaresWhatItImports() throws {
        let targets = try Self.targets()
        #expect(targets.count > 5)
        for target in targets {
            let undeclared = Self.imports(in: target.folder).subtracting(target.dependencies).subtracting(Self.toolchainModules)
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
        }
    }

    @Test func theCLIImportsLarderKitsAPIOnly() throws {
        let cli = try #require(try Self.targets().first { $0.name == "larder" })
        #expect(Self.imports(in: cli.folder) == ["ArgumentParser", "Foundation", "LarderCore", "LarderKit"])
        #expect(cli.dependencies == ["larder", "ArgumentParser", "LarderCore", "LarderKit"])
    }
}
