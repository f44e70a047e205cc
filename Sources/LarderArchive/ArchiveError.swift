/// A libarchive failure, with libarchive's own message and what Larder was doing.
public struct ArchiveError: Error, CustomStringConvertible, Equatable {
    public var context: String
    public var message: String

    public init(_ context: String, _ message: String) {
        self.context = context
        self.message = message
    }

    public var description: String { "\(context): \(message)" }
}
