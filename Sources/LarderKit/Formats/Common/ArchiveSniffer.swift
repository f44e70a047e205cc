import Foundation
import LarderArchive

/// Tells a Larder backup from another app's export zip by its first entries: a bundle starts
/// with `recipes/<id>.json`, `images/<id>/…` or its manifest at the top.
public enum ArchiveSniffer {
    /// True when the archive at `path` is laid out as a Larder bundle (and should be restored), false for any other archive or a file that is none; it reads only the first entries.
    public static func isLarderBundle(_ path: String) -> Bool {
        guard ArchiveFormat(fileName: path) != nil || path.lowercased().hasSuffix(".tar") else { return false }
        guard let reader = try? ArchiveReader(path: path) else { return true }  // the bundle reader explains why it cannot be read
        var looked = 0
        var entries = 0
        while looked < 8, entries < 256, let entry = try? reader.nextEntry() {
            entries += 1
            guard let name = entry.path, entry.kind == .file, !ArchiveInput.isClutter(name) else { continue }
            var path = name
            while path.hasPrefix("./") { path.removeFirst(2) }
            let parts = path.split(separator: "/")
            // A library folder archived by hand holds its run state too (`.larder/lock`).
            if parts.first == ".larder" { continue }
            // `images/<id>/<file>`: a bundle's, or a Markdown export's (`images/<id>/1.jpg`), which
            // also writes a recipe's pictures before it: the first entry after them decides.
            // (Copy Me That's export starts with `images/<name>.jpg`.)
            if parts.first == "images" && parts.count == 3 { continue }
            looked += 1
            if [Manifest.fileName, Manifest.legacyFileName, "report.json"].contains(path) { return true }
            if parts.first == "recipes" && parts.count == 2 && path.hasSuffix(".json") { return true }
            return false
        }
        // Nothing but pictures (or nothing) so far: the bundle reader says what it holds.
        return looked == 0
    }
}
