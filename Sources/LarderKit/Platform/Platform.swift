import Foundation

/// What LarderKit spells differently on Linux and Darwin — only here, so that every other file
/// uses what both systems have. Larder is built and tested on Linux; the
/// Darwin branches keep the code compiling on macOS and are not tested.
enum Platform {
    /// A `stat`'s modification time in nanoseconds since the epoch (`st_mtim` on Linux,
    /// `st_mtimespec` on Darwin).
    static func modified(_ info: stat) -> Int64 {
        #if os(Linux)
        let time = info.st_mtim
        #else
        let time = info.st_mtimespec
        #endif
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The running program's file, links resolved (`larder` reached through a link in
    /// `/usr/local/bin` finds its resources beside the real file): `/proc/self/exe` on Linux.
    static var runningProgram: URL? {
        #if os(Linux)
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(fileURLWithPath: $0) }
        #else
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
    }

    /// Lowers the calling thread's scheduling priority by `niceness` (at most to 19). On Linux
    /// the nice value belongs to the thread (`who` 0 is the calling thread); elsewhere it would
    /// be the whole process's, so nothing is done. Failure leaves the priority as it was.
    static func lowerThreadPriority(by niceness: Int32) {
        #if os(Linux)
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard errno == 0 else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceness))
        #endif
    }
}
