import Foundation
import LarderCore

/// The checksums of a library's last manifest that still hold: an entry is trusted for a file
/// whose size matches and which was last modified before the manifest was written. A file
/// edited or added by hand since then is not trusted and must be hashed.
///
/// The manifest is not held in memory: it is sorted by path, and callers ask for files in path
/// order within each top folder (`images/`, `recipes/`), so one reading cursor per folder walks
/// it forwards. A question out of order only costs a hash. A manifest not in Larder's canonical
/// layout is decoded whole instead. Used from one thread at a time.
final class KnownChecksums: @unchecked Sendable {
    /// When the library was made, from the manifest.
    let created: Date?
    private let manifestPath: String
    private let written: FileStamp?
    private var cursors: [String: Cursor] = [:]
    /// The whole manifest, only when it is not in the canonical layout.
    private var decoded: [String: Manifest.File]?

    /// Files modified before this (nanoseconds since the epoch) are not vouched for.
    private let notBefore: Int64?

    convenience init(library: Library) {
        self.init(manifestPath: library.manifestURL.path)
    }

    /// `notBefore`: for a manifest that vouches only for the files put in place since then (a
    /// restored bundle's, whose files were all extracted during the run).
    init(manifestPath: String, notBefore: Int64? = nil) {
        self.manifestPath = manifestPath
        self.notBefore = notBefore
        written = FileStamp(path: manifestPath)
        if let lines = ManifestLines(path: manifestPath), lines.isCanonical {
            created = lines.created
        } else {
            let manifest = try? CanonicalJSON.decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
            created = manifest?.created
            decoded = Dictionary((manifest?.files ?? []).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func file(_ path: String, stamp: FileStamp) -> Manifest.File? {
        guard let written, stamp.modified < written.modified, notBefore.map({ stamp.modified >= $0 }) ?? true,
              let listed = listed(path), stamp.size == listed.bytes else { return nil }
        return listed
    }

    private func listed(_ path: String) -> Manifest.File? {
        if let decoded { return decoded[path] }
        let folder = String(path.prefix { $0 != "/" })
        if cursors[folder] == nil { cursors[folder] = Cursor(path: manifestPath, folder: folder + "/") }
        return cursors[folder]?.find(path)
    }

    /// Walks the manifest's entries of one folder forwards.
    private final class Cursor {
        let lines: ManifestLines?
        let folder: String
        var current: Manifest.File?

        init(path: String, folder: String) {
            lines = ManifestLines(path: path)
            self.folder = folder
            advance()
            // Skip the folders that sort before this one.
            while let entry = current, entry.path < folder { advance() }
        }

        func find(_ path: String) -> Manifest.File? {
            while let entry = current, entry.path.hasPrefix(folder), entry.path < path { advance() }
            guard let entry = current, entry.path == path else { return nil }
            advance()
            return entry
        }

        private func advance() {
            current = lines?.next()
        }
    }
}
