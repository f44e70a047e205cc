import Foundation
import LarderArchive
import LarderCore

/// An archive that is an export's output, written as a `PendingArchive` (under a hidden
/// temporary name beside it, moved into place when complete). A failure of the file or its
/// disk (full, read-only, gone) is said of the output the user named, in the words every
/// output uses ("cannot write b.zip: the disk is full (free some space and run it again)"),
/// never as libarchive's "Write error" about the temporary file.
final class ArchiveOutput {
    private let archive: PendingArchive
    var url: URL { archive.output }

    init(_ output: URL, format: ArchiveFormat) throws {
        archive = try Self.retelling(output) { try PendingArchive(output: output, format: format) }
    }

    /// Adds a regular file (`ArchiveWriter.addFile`).
    func add(_ path: String, contents: Data) throws {
        try Self.retelling(url) { try archive.writer.addFile(path, contents: contents) }
    }

    /// Adds a file of `size` bytes handed over in pieces (`ArchiveWriter.addFile`).
    func add(_ path: String, size: Int, produce: ((Data) throws -> Void) throws -> Void) throws {
        try Self.retelling(url) { try archive.writer.addFile(path, size: size, produce: produce) }
    }

    /// Finishes the archive and moves it into place.
    func commit() throws {
        try Self.retelling(url) { try archive.commit() }
    }

    /// Runs a step of the writing; an `ArchiveError` the system's error number explains is
    /// said of `output`. Any other error (a name the archive cannot hold) is left as it is.
    static func retelling<T>(_ output: URL, _ step: () throws -> T) throws -> T {
        do {
            return try step()
        } catch let error as ArchiveError {
            guard let code = error.systemCode, FileProblem.isFileFailure(code) else { throw error }
            throw FileProblem(.write, path: output.path, code: code)
        }
    }
}
