import Foundation
import LarderArchive
import LarderCore

/// A whole library into a bundle, file by file: each recipe's stored bytes and its image
/// folder, in id order, then the manifest. Nothing is decoded or re-encoded, and files are
/// read and hashed on a second thread while libarchive compresses: a backup costs about what
/// archiving the folder does, carries exactly the bytes the library holds, and its manifest is
/// worked out from those bytes (a recipe edited by hand since the last run included).
public enum LibraryArchiver {
    /// One recipe's files as read, or why they could not be.
    enum ReadRecipe: Sendable {
        case files(id: String, [(contents: Data, checksum: Manifest.File)])
        case unreadable(id: String, reason: String)
    }

    public static func archive(_ library: Library, to output: URL, format: ArchiveFormat,
                               progress: ((RunReport) -> Void)? = nil) throws -> RunReport {
        var report = RunReport()
        let writer = try BundleWriter(output: output, format: format)
        let queue = ReadAheadQueue<ReadRecipe>()
        defer { queue.cancel() }  // stops the reader if writing fails
        let ids = try library.recipeIDs()
        let images = Dictionary(grouping: try LibraryFiles.paths(in: library.root).filter { $0.hasPrefix("images/") }) {
            String($0.split(separator: "/")[1])
        }
        Thread { [root = library.root] in
            for id in ids {
                let read = readRecipe(id, images: images[id, default: []], root: root)
                guard queue.put(read, bytes: read.byteCount) else { return }
            }
            queue.finish()
        }.start()

        while let read = queue.take() {
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
        try writer.finish(created: library.created)
        report.finished = MappingContext.now()
        return report
    }

    /// Reads a recipe and its images whole: one that cannot be read is left out entirely rather
    /// than half written.
    static func readRecipe(_ id: String, images: [String], root: URL) -> ReadRecipe {
        do {
            let files = try (["recipes/\(id).json"] + images).map { path in
                let contents = try Data(contentsOf: root.appendingPathComponent(path))
                return (contents: contents, checksum: Manifest.File(path: path, contents: contents))
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
