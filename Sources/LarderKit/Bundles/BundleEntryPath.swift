/// Checks an archive entry's name before anything is written: relative, no `..`, inside the
/// library layout (`manifest.jsonl` or an older Larder's `manifest.json`, `report.json`,
/// `recipes/<id>.json`, `images/...`).
enum BundleEntryPath {
    enum Verdict: Equatable {
        case keep(String)
        /// Harmless clutter that archivers add (`__MACOSX/`, `.DS_Store`, folders).
        case ignore
        case refuse(String)
    }

    static func check(_ name: String?) -> Verdict {
        guard let name else { return .refuse("an entry name is not valid UTF-8") }
        var path = name
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix("/") { return .refuse("the entry \"\(name)\" has an absolute path") }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains("..") { return .refuse("the entry \"\(name)\" has a \"..\" component") }
        if path.isEmpty || path == "." { return .ignore }
        // Clutter archivers add, and a library's run state (`.larder/`) in a folder archived by hand.
        if components.first == "__MACOSX" || components.first == ".larder" || components.last == ".DS_Store" { return .ignore }
        if components.contains(where: { $0.isEmpty || $0 == "." }) && !path.hasSuffix("/") {
            return .refuse("the entry \"\(name)\" has an empty or \".\" component")
        }
        if path.hasSuffix("/") { return .ignore }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" }) {
            return .refuse("the entry \"\(name)\" has a control character or a backslash in its name")
        }
        switch components.first {
        case "manifest.jsonl" where components.count == 1, "manifest.json" where components.count == 1,
             "report.json" where components.count == 1:
            return .keep(path)
        case "recipes" where components.count == 2 && path.hasSuffix(".json"):
            return .keep(path)
        case "images" where components.count >= 2:
            return .keep(path)
        default:
            return .refuse("the entry \"\(name)\" is not part of a Larder bundle (manifest.jsonl, recipes/, images/)")
        }
    }
}
