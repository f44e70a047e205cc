import LarderCore

/// Why a whole bundle is refused. Nothing of a refused bundle enters the library.
public struct BundleError: DescribedError, Equatable {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "the archive is refused: \(reason)" }
}
