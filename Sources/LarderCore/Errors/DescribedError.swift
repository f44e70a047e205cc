import Foundation

/// An error of Larder's that says what went wrong in a sentence: its `description` is what the
/// `larder` command prints after "Error:" and writes in `report.json`, and, as a
/// `LocalizedError`, what an app shows (`localizedDescription`, an alert's message): the same
/// words everywhere. Errors of LarderNet and LarderArchive, which do not depend on LarderCore,
/// give the same answer without this protocol.
public protocol DescribedError: LocalizedError, CustomStringConvertible {}

extension DescribedError {
    public var errorDescription: String? { description }
}
