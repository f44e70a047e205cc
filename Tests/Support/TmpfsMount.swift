import Foundation

/// A small tmpfs mounted on a scratch folder, for tests of a disk that fills up; unmounted and
/// removed when released. Mounting needs root and a system that allows it (a container may
/// not): `TmpfsMount.isAvailable` says whether it can be done here, for a test to be skipped
/// with that reason rather than fail.
public final class TmpfsMount {
    public let url: URL

    /// Mounts `bytes` of tmpfs; nil when this system does not let the tests mount one.
    public init?(bytes: Int) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("larder-tmpfs-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else { return nil }
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    deinit {
        _ = Self.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    /// Whether a tmpfs can be mounted here (tried once).
    public static let isAvailable: Bool = TmpfsMount(bytes: 65_536) != nil

    public func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Bytes still free on it.
    public var freeBytes: Int {
        var info = statvfs()
        guard statvfs(url.path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Fills it with one file until about `bytes` are left free.
    public func fill(leaving bytes: Int) throws {
        let size = max(0, freeBytes - bytes)
        try Data(count: size).write(to: path("filler"))
    }

    private static func run(_ program: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
