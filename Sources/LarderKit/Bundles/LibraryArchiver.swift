import Foundation
import LarderArchive
import LarderCore

/// A whole library into a bundle, file by file: each recipe's stored bytes and its image
/// folder, in id order, then the manifest. Nothing is decoded or re-encoded, files are read on
/// a second thread while libarchive compresses, and a file the library's manifest still vouches
/// for is not hashed again (`KnownEntries`; one edited by hand since is): a backup costs about
/// what archiving the folder does and carries exactly the bytes the library holds.
public enum LibraryArchiver {
    /// One recipe's files as read, or why they could not be.
    enum ReadRecipe: Sendable {
        case files(id: String, [(contents: Data, checksum: Manifest.File)])
        case unreadable(id: String, reason: String)
    }

    /// Writes `library` into a bundle at `output` and returns the run's report (an entry per recipe; one whose files cannot be read fails alone). `progress` is called after each recipe. Throws only when the bundle itself cannot be written.
    public static func archive(_ library: Library, to output: URL, format: ArchiveFormat,
                               progress: ((RunReport) -> Void)? = nil) throws -> RunReport {
        var report = RunReport()
        let writer = try BundleWriter(output: output, format: format)
        let queue = ReadAheadQueue<ReadRecipe>()
        defer { queue.cancel() }  // stops the reader if writing fails
        let ids = try library.recipeIDs()
        let images = Dictionary(grouping: try LibraryFiles.paths(in: library.root, only: "images")) {
            String($0.split(separator: "/")[1])
        }
        let known = KnownEntries(library: library)
        Thread { [root = library.rootPath] in
            for id in ids {
                let read = readRecipe(id, images: images[id, default: []], root: root, known: known)
                guard queue.put(read, bytes: read.byteCount) else { return }
            }
            queue.finish()
        }.start()

        while let read = queue.take() {
            // A stopped backup ends here; the unfinished archive goes with its writer.
            try Task.checkCancellation()
            switch read {
            case .files(let id, let files):
                for file in files {
                    try writer.add(path: file.checksum.path, contents: file.contents, checksum: file.checksum)
                }
                report.record(.init(input: "recipes/\(id).json", status: .imported, recipeID: id))
            case .unreadable(let id, let reason):
                report.record(.init(input: "recipes/\(id).json", status: .failed, stage: "bundle", reason: reason, recipeID: id))
            }
            progress?(report)
        }
        report.finished = MappingContext.now()
        // A backup of no recipe (none could be read) would replace a good one: nothing is written.
        guard report.imported > 0 else {
            report.outputNotWritten = .noRecipe
            return report
        }
        try writer.finish(created: library.created)
        return report
    }

    /// Reads a recipe and its images whole: one that cannot be read is left out entirely rather
    /// than half written.
    static func readRecipe(_ id: String, images: [String], root: String, known: KnownEntries) -> ReadRecipe {
        do {
            let files = try (["recipes/\(id).json"] + images).map { path in
                let (contents, status) = try FileStatus.read(root + "/" + path)
                return (contents: contents, checksum: known.entry(path, status: status) ?? Manifest.File(path: path, contents: contents))
            }
            return .files(id: id, files)
        } catch {
            return .unreadable(id: id, reason: Library.describe(error))
        }
    }
}

extension LibraryArchiver.ReadRecipe {
    var byteCount: Int {
        guard case .files(_, let files) = self else { return 0 }
        return files.reduce(0) { $0 + $1.contents.count }
    }
}

/// The entries of a library's manifest that still hold — the file's size matches and it was last
/// modified before the manifest was written, the rule `LibraryManifest` folds by — read forwards
/// with one cursor per top folder, as the archiver asks for files in path order within each. A
/// question out of order only costs a hash. Used from one thread.
final class KnownEntries: @unchecked Sendable {
    private final class Cursor {
        var reader: ManifestReader?
        var current: Manifest.File?

        init(reader: ManifestReader?) { self.reader = reader }

        /// Moves to the first entry not before `path`.
        func advance(past path: String) {
            while let reader {
                if let current, !Manifest.precedes(current.path, path) { return }
                current = (try? reader.next()) ?? nil
                if current == nil { self.reader = nil }
            }
        }
    }

    private let root: URL
    private let written: Int64?
    private var cursors: [String: Cursor] = [:]

    init(library: Library) {
        root = library.root
        written = FileStatus(path: library.filePath(Manifest.fileName))?.modified
    }

    func entry(_ path: String, status: FileStatus) -> Manifest.File? {
        guard let written, status.modified < written else { return nil }
        let top = String(path.prefix { $0 != "/" })
        let cursor: Cursor
        if let existing = cursors[top] {
            cursor = existing
        } else {
            cursor = Cursor(reader: try? ManifestReader.open(folder: root))
            cursors[top] = cursor
        }
        cursor.advance(past: path)
        guard let current = cursor.current, current.path == path, current.bytes == status.size else { return nil }
        return current
    }
}
