import CArchive
import Foundation

/// libarchive converts entry names between UTF-8 and the multibyte encoding of the calling
/// thread's locale. A program that never calls `setlocale` runs in the "C" locale, whose
/// encoding is ASCII, so a name such as `Crêpes.cook` cannot be converted: libarchive 3.6's pax
/// (tar) writer then hands a NULL name to `strlen` and crashes, and its zip writer leaves out
/// the flag that says the names are UTF-8. Names are therefore given to libarchive while the
/// calling thread alone uses a UTF-8 character type (`uselocale`); the process's locale, and
/// every other thread, are left as they were.
enum NameLocale {
    /// Made once and kept for the life of the process; only ever read.
    nonisolated(unsafe) private static let utf8 = larder_utf8_ctype_locale()

    /// Runs `body` (libarchive calls that read or write entry names) under the UTF-8 locale.
    /// Without one on this system, a name that is not ASCII cannot be written: `names` are
    /// checked first, and the error says which.
    static func withUTF8<T>(names: [String] = [], archive: String, _ body: () throws -> T) throws -> T {
        guard let utf8 else {
            if let name = names.first(where: { !$0.allSatisfy(\.isASCII) }) {
                throw ArchiveError(archive, "cannot store the name \"\(name)\": this system has no UTF-8 locale (C.UTF-8) for libarchive")
            }
            return try body()
        }
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return try body()
    }
}
