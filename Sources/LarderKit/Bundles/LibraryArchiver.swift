import Foundation
import LarderArchive
import LarderCore

/// A whole library into a bundle, file by file: each recipe's stored bytes and its image
/// folder, in id order, then the manifest. Nothing is decoded or re-encoded, checksums the
/// library's manifest still vouches for are not computed again, and files are read on a second
/// thread while libarchive compresses: a backup costs about what archiving the folder does and
/// carries exactly the bytes the library holds.
public enum LibraryArchiver {
    /// One recipe's files as read, or why they could not be.
    enum ReadRecipe: Sendable {
        case files([(path: String, contents: Data, checksum: Manifest.File)])
        case unreadable(id: String, reason: String)
    }

    public static func archive(_ library: Library, to output: URL, format: ArchiveFormat,
                               progress: ((RunReport) -> Void)? = nil) throws -> RunReport {
        var report = RunReport()
        let known = KnownChecksums(library: library)
        let writer = try BundleWriter(output: output, format: format)
        let queue = ReadAheadQueue<ReadRecipe>()
        defer { queue.cancel() }  // stops the reader if writing fails
        Thread { [root = library.rootPath, ids = try library.recipeIDs(), images = try library.imageFilesByRecipe()] in
            for id in ids {
                let read = readRecipe(id, images: images[id, default: []], root: root, known: known)
                guard queue.put(read, bytes: read.byteCount) else { return }
            }
            queue.finish()
        }.start()

        var count = 0
        while let read = queue.take() {
            switch read {
            case .files(let files):
                for file in files {
                    try writer.add(path: file.path, contents: file.contents, checksum: file.checksum)
                }
                count += 1
                report.unlistedImported += 1
            case .unreadable(let id, let reason):
                report.record(.init(input: "recipes/\(id).json", status: .failed, stage: "bundle", reason: reason, recipeID: id))
            }
            progress?(report)
        }
        try writer.finish(recipeCount: count, created: known.created ?? Date(timeIntervalSince1970: 0))
        report.finished = MappingContext.now()
        return report
    }

    /// Reads a recipe and its images whole: one that cannot be read is left out entirely rather
    /// than half written.
    static func readRecipe(_ id: String, images: [String], root: String, known: KnownChecksums) -> ReadRecipe {
        do {
            let files = try (["recipes/\(id).json"] + images).map { path in
                let (contents, stamp) = try FileStamp.read(path: Library.filePath(path, root: root))
                return (path: path, contents: contents, checksum: known.file(path, stamp: stamp) ?? Manifest.File(path: path, contents: contents))
            }
            return .files(files)
        } catch {
            return .unreadable(id: id, reason: ErrorText.describe(error))
        }
    }
}

extension LibraryArchiver.ReadRecipe {
    var byteCount: Int {
        guard case .files(let files) = self else { return 0 }
        return files.reduce(0) { $0 + $1.contents.count }
    }
}
