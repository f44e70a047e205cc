import Foundation
import Testing
import TestSupport

/// `docs/architecture.md` names the types, members and files a newcomer opens: every one of them
/// exists, so the document cannot send anyone to something renamed or gone.
struct ArchitectureDocumentTests {
    /// Names written in code spans that are not Larder's own: Swift's.
    static let notLarders: Set<String> = ["Hasher", "Sendable"]

    /// The Swift files of the package: sources, tests, tools and benchmarks.
    static func swiftFiles() throws -> [URL] {
        var files: [URL] = []
        for folder in ["Sources", "Tests", "Tools", "Benchmarks"] {
            let root = Fixtures.packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" && !file.path.contains("/Fixtures/") { files.append(file) }
        }
        return files
    }

    @Test func everyTypeMemberAndFileTheDocumentNamesExists() throws {
        let document = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let files = try Self.swiftFiles()
        var types: Set<String> = [], members: Set<String> = [], fileNames: Set<String> = [], folders: Set<String> = []
        let typeDeclaration = try Regex(#"\b(?:struct|class|enum|protocol|actor|typealias|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        let memberDeclaration = try Regex(#"\b(?:func|var|let|case)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        for file in files {
            fileNames.insert(file.lastPathComponent)
            folders.insert(file.deletingLastPathComponent().lastPathComponent)
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: typeDeclaration) { if let name = match.output[1].substring { types.insert(String(name)) } }
            for match in text.matches(of: memberDeclaration) { if let name = match.output[1].substring { members.insert(String(name)) } }
        }
        fileNames.insert("Package.swift")
        // Modules and system library targets count as what they are.
        for target in try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("Sources").path) { types.insert(target) }
        for tool in try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("Tools").path) { types.insert(tool) }

        // `Type`, `Type.member`, `Type.member(labels:)`, `Type(labels:)`, `File.swift`.
        let named = try Regex(#"`([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)((?:\.[a-zA-Z_][A-Za-z0-9_]*)*)(\([^`]*\))?`"#)
        var missing: [String] = []
        var checked = 0
        for match in document.matches(of: named) {
            let type = String(match.output[1].substring ?? "")
            let path = String(match.output[2].substring ?? "").split(separator: ".").map(String.init)
            checked += 1
            if path == ["swift"] {
                if !fileNames.contains(type + ".swift") { missing.append("\(type).swift") }
                continue
            }
            guard !Self.notLarders.contains(type) else { continue }
            if !types.contains(type) && !folders.contains(type) {
                missing.append(type)
            }
            for member in path where !members.contains(member) && !types.contains(member) {
                missing.append("\(type).\(member)")
            }
        }
        #expect(checked > 100)
        #expect(missing.isEmpty, "docs/architecture.md names what the package does not have: \(missing)")
    }
}
