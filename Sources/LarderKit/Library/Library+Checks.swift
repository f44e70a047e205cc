import Foundation

/// What a command checks of its library before it starts, so a library that is a file, missing
/// or read-only is said at once, in the same words by every command.
extension Library {
    /// Throws unless there is a library here to read (`list`, `export`): a folder holding
    /// `recipes/`. `advice` ends the message with how to name another one.
    public func checkExists(advice: String) throws {
        switch PathCheck.kind(of: rootPath) {
        case .file:
            throw PathProblem("The library \(rootPath) is a file, not a library folder. \(advice)")
        case nil:
            throw PathProblem("There is no library at \(rootPath). Import some recipes first, or \(advice.lowercasedFirst)")
        case .folder:
            guard PathCheck.kind(of: recipesFolder.path) == .folder else {
                throw PathProblem("The folder \(rootPath) is not a Larder library (it has no recipes/ folder). \(advice)")
            }
        }
    }

    /// Throws unless recipes can be stored here (`import`): the library, and its `recipes/`
    /// when there is one, are folders Larder may write in, or can be made.
    public func checkWritable(advice: String) throws {
        try PathCheck.writableFolder(root, role: "The library", advice: advice)
        if PathCheck.kind(of: recipesFolder.path) != nil {
            try PathCheck.writableFolder(recipesFolder, role: "The library's recipe folder", advice: advice)
        }
    }
}

extension String {
    /// "Name one…" → "name one…", to continue a sentence.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
