/// Reads the child elements of one XML element and remembers which were read, as
/// `ObjectReader` does for a JSON object, so that the elements a mapper did not read are kept
/// in `Recipe.extras` (their text, under their name) and named as not read, instead of being
/// dropped without a word (a MasterCook `<Wine>` or a KRecipes element Larder has no reader for).
public struct ElementReader {
    public let node: MarkupNode
    private var read: Set<String> = []

    public init(_ node: MarkupNode) {
        self.node = node
    }

    public mutating func child(_ name: String) -> MarkupNode? {
        read.insert(name)
        return node.child(name)
    }

    public mutating func children(_ name: String) -> [MarkupNode] {
        read.insert(name)
        return node.children(name)
    }

    /// The trimmed text of a child element, nil when it is missing or blank.
    public mutating func value(_ name: String) -> String? {
        read.insert(name)
        return node.value(name)
    }

    /// Marks elements as understood without reading them (a repeat of what was read).
    public mutating func ignore(_ names: String...) {
        read.formUnion(names)
    }

    /// The child elements nobody read that hold text: one text, or a list when the element
    /// is repeated.
    public var leftovers: [String: JSONValue] {
        var texts: [String: [String]] = [:]
        for child in node.children where !read.contains(child.name) {
            let text = TextCleaner.block(child.text)
            if !text.isEmpty { texts[child.name, default: []].append(text) }
        }
        return texts.mapValues { $0.count == 1 ? .string($0[0]) : .array($0.map(JSONValue.string)) }
    }
}
