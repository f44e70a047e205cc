/// An element of an XML or HTML document as plain Swift values, so that the mappers of
/// XML-based formats (MasterCook, Gourmet, KRecipes) and of app HTML exports (Copy Me That)
/// stay pure and testable. `LarderHTML.MarkupReader` builds it with libxml2.
public struct MarkupNode: Sendable, Equatable {
    /// What an element holds, in order: elements and runs of text.
    public enum Content: Sendable, Equatable {
        /// A child element.
        case element(MarkupNode)
        /// Text between elements, entities already decoded.
        case text(String)
    }

    /// The element's name, lower-cased for HTML.
    public var name: String
    /// Its attributes by name.
    public var attributes: [String: String]
    /// Its children and text, in order.
    public var contents: [Content]
    /// The line the element starts on in its file, for saying where a broken file breaks.
    public var line: Int

    /// An element with the parts given.
    public init(name: String, attributes: [String: String] = [:], contents: [Content] = [], line: Int = 0) {
        self.name = name
        self.attributes = attributes
        self.contents = contents
        self.line = line
    }

    /// The child elements, in order.
    public var children: [MarkupNode] {
        contents.compactMap { if case .element(let node) = $0 { return node } else { return nil } }
    }

    /// The child elements named `name`.
    public func children(_ name: String) -> [MarkupNode] {
        children.filter { $0.name == name }
    }

    /// The first child element named `name`.
    public func child(_ name: String) -> MarkupNode? {
        for case .element(let node) in contents where node.name == name { return node }
        return nil
    }

    /// The text of the element and everything in it, in document order.
    public var text: String {
        var result = ""
        appendText(to: &result)
        return result
    }

    private func appendText(to result: inout String) {
        for content in contents {
            switch content {
            case .text(let text): result += text
            case .element(let node): node.appendText(to: &result)
            }
        }
    }

    /// The trimmed text of a child element, nil when it is missing or blank.
    public func value(_ name: String) -> String? {
        child(name).flatMap { TextCleaner.nonEmptyLine($0.text) }
    }

    /// Every element below this one, depth first, that satisfies `matches`.
    public func descendants(where matches: (MarkupNode) -> Bool) -> [MarkupNode] {
        var found: [MarkupNode] = []
        func walk(_ node: MarkupNode) {
            for child in node.children {
                if matches(child) { found.append(child) }
                walk(child)
            }
        }
        walk(self)
        return found
    }

    /// The classes of an HTML element's `class` attribute.
    public var classes: [Substring] {
        (attributes["class"] ?? "").split(whereSeparator: \.isWhitespace)
    }
}

/// How an app's export holds its recipes as elements: which elements, what the app and the
/// element are called in messages, and how one element becomes a recipe. The reader
/// (`LarderHTML.MarkupStream`) builds each such element on its own and `MarkupRecipes` maps it,
/// so a file of any number of recipes is read one recipe at a time.
public struct RecipeElements: Sendable {
    /// Where in the document the recipe elements are.
    public enum Place: Sendable {
        /// The root element's children of this name (Gourmet's `<recipe>`).
        case rootChildren(named: String)
        /// Any element `matches` accepts, outside another one (Copy Me That's `div.recipe`).
        case anywhere(@Sendable (MarkupNode) -> Bool)
    }

    /// The app whose export this is, as messages name it: `Gourmet`.
    public var app: String
    /// The element as a message names it: `<recipe>`, `div.recipe`.
    public var element: String
    /// Where the recipe elements are.
    public var place: Place
    /// The recipe's title from its element, to label its result; nil when it has none.
    public var title: @Sendable (MarkupNode) -> String?
    /// Maps one element to a recipe, throwing why it cannot.
    public var map: @Sendable (MarkupNode, MappingContext) throws -> Recipe

    /// The recipe elements of `app`'s export, named `element` in messages.
    public init(app: String, element: String, place: Place, title: @escaping @Sendable (MarkupNode) -> String?,
                map: @escaping @Sendable (MarkupNode, MappingContext) throws -> Recipe) {
        self.app = app
        self.element = element
        self.place = place
        self.title = title
        self.map = map
    }
}

/// The recipes of an export read one element at a time: each mapped as it comes and labelled by
/// its title (`#2 Amazing Sauce` when the file holds several, so the first is held until the
/// second comes or the file ends), an element the file breaks in failed with where and why,
/// and at the end a failure for what the file lacks or where it stopped.
public struct MarkupRecipes {
    let elements: RecipeElements
    let context: MappingContext
    private var count = 0
    private var held: (index: Int, node: MarkupNode, problem: String?)?

    /// The recipes of `elements`, mapped one at a time with `context` (the input's name, when it
    /// was read, and the run's limits).
    public init(_ elements: RecipeElements, context: MappingContext) {
        self.elements = elements
        self.context = context
    }

    /// One element: the recipes now ready to hand on (none while the first is held).
    /// `problem` says why the element may be cut short (the file breaks inside it) or is over a
    /// limit.
    public mutating func add(_ node: MarkupNode, problem: String? = nil) -> [MappedRecipe] {
        count += 1
        if count == 1 {
            held = (1, node, problem)
            return []
        }
        var ready: [MappedRecipe] = []
        if let first = held {
            held = nil
            ready.append(mapped(first.node, index: first.index, problem: first.problem, single: false))
        }
        ready.append(mapped(node, index: count, problem: problem, single: false))
        return ready
    }

    /// After the last element: the one still held, then a failure for a file that holds none,
    /// breaks outside its recipes (`problem`, with its line) or was not read to its end
    /// (`unread`, with its line).
    public mutating func finish(problem: (message: String, line: Int)? = nil, unread: (why: String, line: Int)? = nil) -> [MappedRecipe] {
        var ready: [MappedRecipe] = []
        if let first = held {
            held = nil
            ready.append(mapped(first.node, index: first.index, problem: first.problem, single: count == 1))
        }
        if count == 0, problem == nil, unread == nil {
            ready.append(MappedRecipe(label: context.input, result: .failure(.noRecipe("the \(elements.app) file holds no \(elements.element)"))))
        }
        if let problem {
            ready.append(MappedRecipe(label: "line \(problem.line)", result: .failure(.invalid("the file is not well-formed: \(problem.message)"))))
        }
        if let unread {
            ready.append(MappedRecipe(label: "line \(unread.line)", result: .failure(.invalid("the file was not read past line \(unread.line): \(unread.why)"))))
        }
        return ready
    }

    private func mapped(_ node: MarkupNode, index: Int, problem: String?, single: Bool) -> MappedRecipe {
        let title = elements.title(node)
        let label = single ? (title ?? "recipe") : "#\(index)" + (title.map { " " + $0 } ?? "")
        if let problem { return MappedRecipe(label: label, result: .failure(.invalid(problem))) }
        return MappedRecipe(label: label, result: Result { try elements.map(node, context) }.mapError(RecipeJSON.asMappingError))
    }
}
