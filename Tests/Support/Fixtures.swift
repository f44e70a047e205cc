import Foundation

/// The project's test fixtures (`Tests/Fixtures`), found from this source file so tests run
/// from any working directory.
public enum Fixtures {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    public static let packageRoot: URL = root.deletingLastPathComponent().deletingLastPathComponent()

    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// Every `.json`/`.jsonld` file under a fixture folder, sorted.
    public static func jsonFiles(in relativeFolder: String) -> [URL] {
        let folder = url(relativeFolder)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { ["json", "jsonld"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }
}

/// A fresh folder under the system's temporary folder, removed when the value is released.
public final class ScratchFolder: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("larder-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The built `larder` executable, which sits in the same build folder as the test bundle.
public enum LarderBinary {
    public static var url: URL? {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [buildFolder, buildFolder.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("larder") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// Every file under a folder with its bytes, keyed by relative path.
public func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let file = walker?.nextObject() as? URL {
        guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
        files[String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count))] = try Data(contentsOf: file)
    }
    return files
}
