import Foundation
import LarderCore

/// A path the user named that cannot be used as asked — the library is a file, a folder
/// format's output is a file, a file's output is a folder, a folder that is not Larder's would
/// be replaced — found before any work starts. The message names the path and what to do; the
/// CLI exits with 2, a usage error.
public struct PathProblem: DescribedError, Equatable, Sendable {
    public let description: String

    /// A problem said in full: `description` names the path and what to do.
    public init(_ description: String) {
        self.description = description
    }
}
