import Foundation
import LarderArchive
import LarderCore

/// Where a sink that writes a tree of files (the Markdown cookbook) puts them: a folder, or one
/// archive with the same layout. Paths are relative and use `/`.
public protocol OutputTree: AnyObject {
    /// A human name for messages: the folder's or the archive's path.
    var location: String { get }
    func write(_ contents: Data, at relativePath: String) throws
    /// Called once after the last file; an archive becomes visible only then.
    func finish() throws
}

/// Files written into a folder: into a hidden folder beside it while the export runs, swapped
/// in by `finish` (see `OutputFolder`), so the folder ends up holding exactly this export.
public final class FolderTree: OutputTree {
    public let folder: URL
    private let output: OutputFolder
    public var location: String { folder.path }

    public init(folder: URL) throws {
        self.folder = folder
        output = try OutputFolder(folder)
    }

    public func write(_ contents: Data, at relativePath: String) throws {
        let file = output.staging.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file)
        } catch {
            // Said of the file in the output, not of the hidden folder it waits in.
            throw FileProblem.retold(error, .write, path: folder.appendingPathComponent(relativePath).path)
        }
    }

    public func finish() throws {
        try output.commit()
    }
}

/// Files streamed into an archive in the order written; the archive is moved into place by
/// `finish`, so a failed export leaves nothing behind. A path written twice is kept once.
public final class ArchiveTree: OutputTree {
    private let archive: ArchiveOutput
    private var written: Set<String> = []
    public var location: String { archive.url.path }

    public init(output: URL, format: ArchiveFormat) throws {
        archive = try ArchiveOutput(output, format: format)
    }

    public func write(_ contents: Data, at relativePath: String) throws {
        guard written.insert(relativePath).inserted else { return }
        try archive.add(relativePath, contents: contents)
    }

    public func finish() throws {
        try archive.commit()
    }
}
