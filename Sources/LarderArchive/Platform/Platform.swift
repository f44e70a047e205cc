import CArchive
import Foundation

/// LarderArchive's system calls that only Linux has — only here. Larder is built and tested on
/// Linux; the other branch keeps the code compiling on macOS and is not tested.
enum Platform {
    /// Flushes every file written on the file system that holds the open folder `descriptor`:
    /// one `syncfs` on Linux (declared in `CArchive/platform.h`), rather than an `fsync` per
    /// file; elsewhere `sync`, which flushes every file system. False when it failed (`errno`).
    static func flushFileSystem(holding descriptor: Int32) -> Bool {
        #if os(Linux)
        return syncfs(descriptor) == 0
        #else
        sync()
        return true
        #endif
    }
}
