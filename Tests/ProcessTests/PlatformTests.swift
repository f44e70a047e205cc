import Foundation
import Testing
import TestSupport

/// Larder is built and tested on Linux, and LarderCore is also used by macOS and iOS apps. Code
/// that only one system has stays in the few platform files (`Platform.swift`, `platform.h`),
/// none of them in LarderCore, and `Package.swift` declares the Apple platforms LarderCore
/// builds for.
struct PlatformTests {
    /// Words that mark code written for one system.
    static let systemWords = ["Glibc", "Darwin", "st_mtim", "syncfs", "#if os(", "canImport(Glibc", "canImport(Darwin", "__linux__", "__APPLE__", "/proc/"]

    static func isPlatformFile(_ file: URL) -> Bool {
        ["Platform.swift", "platform.h"].contains(file.lastPathComponent)
    }

    @Test func systemSpecificCodeIsOnlyInPlatformFiles() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var platformFiles: [String] = []
        for case let file as URL in walker where ["swift", "h", "c"].contains(file.pathExtension) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            if Self.isPlatformFile(file) {
                platformFiles.append(relative)
                continue
            }
            let found = Self.systemWords.filter { text.contains($0) }
            #expect(found.isEmpty, "\(relative) holds \(found): code for one system belongs in a platform file")
        }
        #expect(!platformFiles.isEmpty)
        #expect(platformFiles.allSatisfy { !$0.hasPrefix("LarderCore/") }, "LarderCore has platform files: \(platformFiles)")
    }

    /// The platforms `Package.swift` declares are the Apple ones LarderCore builds for, with
    /// the versions its APIs need; Linux needs no declaration.
    @Test func thePackageDeclaresTheApplePlatformsLarderCoreBuildsFor() async throws {
        let platforms = try await PackageDependencyTests.package()["platforms"] as? [[String: Any]] ?? []
        let declared = Dictionary(uniqueKeysWithValues: platforms.compactMap { platform in
            (platform["platformName"] as? String).map { ($0, platform["version"] as? String ?? "") }
        })
        #expect(declared == ["macos": "13.0", "ios": "16.0"])
    }
}
