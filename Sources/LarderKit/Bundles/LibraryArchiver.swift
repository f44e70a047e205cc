import Foundation
import LarderArchive
import LarderCore

/// A whole library into a bundle, file by file: each recipe's stored bytes and its image
/// folder, in id order, then the manifest. Nothing is decoded or re-encoded, so a backup is as
/// fast as archiving the folder and carries exactly the bytes the library holds.
public enum LibraryArchiver {
    public static func archive(_ library: Library, to output: URL, format: ArchiveFormat,
                               progress: ((RunReport) -> Void)? = nil) throws -> RunReport {
        var report = RunReport()
        let writer = try BundleWriter(output: output, format: format)
        var count = 0
        for id in try library.recipeIDs() {
            let input = "recipes/\(id).json"
            do {
                try writer.add(path: input, contents: try Data(contentsOf: library.recipeURL(id: id)))
                for image in try imageFiles(of: id, in: library) {
                    try writer.add(path: image, contents: try Data(contentsOf: library.url(forRelativePath: image)))
                }
                count += 1
                report.record(.init(input: input, status: .imported, recipeID: id))
            } catch {
                report.record(.init(input: input, status: .failed, stage: "bundle", reason: String(describing: error), recipeID: id))
            }
            progress?(report)
        }
        try writer.finish(recipeCount: count, created: library.created)
        report.finished = MappingContext.now()
        return report
    }

    /// `images/<id>/...` files, sorted, so the archive's order never depends on the disk's.
    static func imageFiles(of id: String, in library: Library) throws -> [String] {
        let folder = library.url(forRelativePath: "images/\(id)")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var paths: [String] = []
        for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            paths.append("images/\(id)/" + file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
        }
        return paths.sorted()
    }
}
