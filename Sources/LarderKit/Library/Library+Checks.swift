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
        try checkOwnFolders()
        if PathCheck.kind(of: recipesFolder.path) != nil {
            try PathCheck.writableFolder(recipesFolder, role: "The library's recipe folder", advice: advice)
        }
    }

    /// Throws when `recipes/`, `images/` or `.larder/` is a symbolic link. A library is written
    /// only in folders of its own: each file is put in place by one rename from beside it or
    /// from `.larder/` (a restore's staging), which cannot cross into another file system, and
    /// a link would take the writes wherever it points. The library folder itself may be a link.
    func checkOwnFolders() throws {
        for folder in ["recipes", "images", ".larder"] {
            let path = rootPath + "/" + folder
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { continue }
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " (to \($0))" } ?? ""
            throw PathProblem("The library's \(folder)/ at \(path) is a symbolic link\(target): Larder writes a library only in "
                + "folders of its own, where every file is moved in by a rename. Move the folder into the library, or link the "
                + "library folder as a whole.")
        }
    }
}

extension String {
    /// "Name one…" → "name one…", to continue a sentence.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
