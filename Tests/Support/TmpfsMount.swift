import Foundation

/// A small tmpfs mounted on a scratch folder, for tests of a disk that fills up; unmounted and
/// removed when released. Mounting needs root and a system that allows it (a container may
/// not): `TmpfsMount.isAvailable` says whether it can be done here, for a test to be skipped
/// with that reason rather than fail.
public final class TmpfsMount: @unchecked Sendable {
    public let url: URL
    /// Still mounted: `unmount()` has not run (`deinit` unmounts what a failed test left).
    private var mounted = true

    private init(mounted url: URL) {
        self.url = url
    }

    /// Mounts `bytes` of tmpfs; nil when this system does not let the tests mount one. `mount`
    /// runs through `Program`, so a test waits for it without blocking the test pool.
    public static func mount(bytes: Int) async -> TmpfsMount? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("larder-tmpfs-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else { return nil }
        guard let run = try? await Program("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", url.path]).run(),
              run.status == 0, run.signal == nil else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        return TmpfsMount(mounted: url)
    }

    /// Unmounts it and removes its folder; a test calls it when done.
    public func unmount() async {
        guard mounted else { return }
        mounted = false
        _ = try? await Program("/bin/umount", [url.path]).run()
        try? FileManager.default.removeItem(at: url)
    }

    deinit {
        // Only after a test that stopped before `unmount()`: a blocking wait, once, rather than
        // a mount left behind.
        if mounted { _ = Self.run("/bin/umount", [url.path]) }
        try? FileManager.default.removeItem(at: url)
    }

    /// Whether a tmpfs can be mounted here (tried once, when a test's condition is first
    /// evaluated, before it runs: the one blocking wait left, outside every test's body).
    public static let isAvailable: Bool = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("larder-tmpfs-probe-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: url) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=65536", "tmpfs", url.path]) else { return false }
        return run("/bin/umount", [url.path])
    }()

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
