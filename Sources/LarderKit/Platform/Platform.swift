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
}
