import Foundation

/// A libarchive failure: what Larder was doing, and what went wrong in Larder's words (see
/// `LibarchiveWords`), with libarchive's own message kept for whoever debugs.
public struct ArchiveError: Error, LocalizedError, CustomStringConvertible, Equatable {
    /// What Larder was doing, naming the archive (`cannot read backup.zip`).
    public var context: String
    /// What went wrong, in Larder's words.
    public var message: String
    /// The message as libarchive (or the system) wrote it.
    public var libraryMessage: String
    /// Set when reading stopped because the data expanded past this many bytes (a bomb, or
    /// just too large), so callers can say which of their limits it was.
    public var limit: Int?
    /// The system's error number behind a failure to read or write a file (`ENOSPC` when the
    /// disk is full), for callers to say it of the file the user named; nil for a failure of
    /// the archive itself (damaged, a name it cannot hold).
    public var systemCode: Int32?

    /// An error of `context`, with libarchive's `message` (put in Larder's words), the limit reached and the system's error number when there is one.
    public init(_ context: String, _ message: String, limit: Int? = nil, systemCode: Int32? = nil) {
        self.context = context
        self.message = LibarchiveWords.plain(message)
        self.libraryMessage = message
        self.limit = limit
        self.systemCode = systemCode
    }

    public var description: String { "\(context): \(message)" }

    /// The same sentence, for an app that shows `localizedDescription`.
    public var errorDescription: String? { description }
}
