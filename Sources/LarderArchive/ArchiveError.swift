/// A libarchive failure, with libarchive's own message and what Larder was doing.
public struct ArchiveError: Error, CustomStringConvertible, Equatable {
    public var context: String
    public var message: String
    /// Set when reading stopped because the data expanded past this many bytes (a bomb, or
    /// just too large), so callers can say which of their limits it was.
    public var limit: Int?

    public init(_ context: String, _ message: String, limit: Int? = nil) {
        self.context = context
        self.message = message
        self.limit = limit
    }

    public var description: String { "\(context): \(message)" }
}
