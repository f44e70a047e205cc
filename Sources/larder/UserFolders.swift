import Foundation

/// Where Larder keeps things when no option says: `$LARDER_LIBRARY`, then the XDG base
/// directories (`$XDG_DATA_HOME`, `$XDG_CACHE_HOME`), then `$HOME`. Foundation's home folder
/// on Linux comes from the password database and ignores `$HOME`, so a run with `HOME=/tmp/x`
/// wrote into the real user's home; `$HOME` is read first here.
struct UserFolders {
    var environment: [String: String]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    var home: String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// `$LARDER_LIBRARY`, else `$XDG_DATA_HOME/larder`, else `$HOME/.local/share/larder`.
    var library: String {
        if let path = environment["LARDER_LIBRARY"], !path.isEmpty { return path }
        return (xdg("XDG_DATA_HOME") ?? home + "/.local/share") + "/larder"
    }

    /// `$XDG_CACHE_HOME/larder/http`, else `$HOME/.cache/larder/http`.
    var httpCache: String {
        (xdg("XDG_CACHE_HOME") ?? home + "/.cache") + "/larder/http"
    }

    /// An XDG variable, when set to an absolute path: the specification says to ignore a
    /// relative one.
    private func xdg(_ name: String) -> String? {
        guard let path = environment[name], path.hasPrefix("/") else { return nil }
        return path
    }
}
