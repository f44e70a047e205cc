import Foundation
import LarderArchive
import LarderCore

/// Where a sink that writes a tree of files (the Markdown cookbook) puts them: a folder, or one
/// archive with the same layout. Paths are relative and use `/`.
public protocol OutputTree: AnyObject {
    /// A human name for messages: the folder's or the archive's path.
    var location: String { get }
    /// Writes one file at `relativePath` (folders made as needed); throws when the tree cannot take it.
    func write(_ contents: Data, at relativePath: String) throws
    /// Called once after the last file; an archive becomes visible only then.
    func finish() throws
}

/// Files written into a folder: into a hidden folder beside it while the export runs, swapped
/// in by `finish` (see `OutputFolder`), so the folder ends up holding exactly this export.
public final class FolderTree: OutputTree {
    /// The folder the files end up in.
    public let folder: URL
    private let output: OutputFolder
    /// The folder's path.
    public var location: String { folder.path }

    /// A tree for `folder`, written into a hidden folder beside it until `finish`.
    public init(folder: URL) throws {
        self.folder = folder
        output = try OutputFolder(folder)
    }

    /// Writes a file of the tree.
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

    /// Puts the finished folder in place.
    public func finish() throws {
        try output.commit()
    }
}

/// Files streamed into an archive in the order written; the archive is moved into place by
/// `finish`, so a failed export leaves nothing behind. A path written twice is kept once.
public final class ArchiveTree: OutputTree {
    private let archive: ArchiveOutput
    private var written: Set<String> = []
    /// The archive's path.
    public var location: String { archive.url.path }

    /// A tree written into an archive at `output`, under a temporary name until `finish`.
    public init(output: URL, format: ArchiveFormat) throws {
        archive = try ArchiveOutput(output, format: format)
    }

    /// Adds a file to the archive.
    public func write(_ contents: Data, at relativePath: String) throws {
        guard written.insert(relativePath).inserted else { return }
        try archive.add(relativePath, contents: contents)
    }

    /// Completes the archive and puts it in place.
    public func finish() throws {
        try archive.commit()
    }
}
