import LarderCore

/// Why a whole bundle is refused. Nothing of a refused bundle enters the library.
public struct BundleError: DescribedError, Equatable {
    /// What is wrong with the bundle, as the report's sentence (`manifest lists images/x.jpg twice`).
    public let reason: String

    /// A refusal worded for the user: `reason` is shown as it is.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "the archive is refused: \(reason)" }
}
