import LarderCore

/// File and folder names made from recipe titles, as apps name them (`Chicken Parmigiana`),
/// safe on every file system and unique within one export.
struct RecipeFileNames {
    private var used: Set<String> = []

    /// The title without path separators or characters Windows refuses; `(2)` added on a
    /// clash (compared without case, as macOS and Windows do).
    mutating func unique(for title: String, suffix: String = "") -> String {
        var base = String(title.map { "/\\:*?\"<>|".contains($0) || $0.isNewline ? " " : $0 })
            .split(separator: " ").joined(separator: " ")
        while base.hasPrefix(".") { base.removeFirst() }
        if base.isEmpty { base = "Recipe" }
        base = String(base.prefix(100))
        var name = base + suffix
        var counter = 2
        while used.contains(name.lowercased()) {
            name = "\(base) (\(counter))" + suffix
            counter += 1
        }
        used.insert(name.lowercased())
        return name
    }
}
