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

/// A document read into `MarkupNode`s; `breakLine` and `problem` say where and why the file
/// is not well-formed, when it is not (the tree then holds what came before the break).
public struct MarkupDocument: Sendable {
    /// The document's root element.
    public var root: MarkupNode
    /// Why the file is not well-formed, when it is not.
    public var problem: String?
    /// The line where it breaks, when it does.
    public var breakLine: Int?

    /// A document of `root`, whole or broken at `breakLine` for `problem`.
    public init(root: MarkupNode, problem: String? = nil, breakLine: Int? = nil) {
        self.root = root
        self.problem = problem
        self.breakLine = breakLine
    }

    /// The recipes of an app's export: `elements` (one per recipe) mapped, each labelled by its
    /// title (`#2 Amazing Sauce` when there are several), or one failure naming what the file
    /// lacks when it holds none.
    public func recipes(_ elements: [MarkupNode], of app: String, element name: String, context: MappingContext,
                        title: (MarkupNode) -> String?, map: (MarkupNode) throws -> Recipe) -> [MappedRecipe] {
        guard !elements.isEmpty || problem != nil else {
            return [MappedRecipe(label: context.input, result: .failure(.noRecipe("the \(app) file holds no \(name)")))]
        }
        return mapEach(elements, label: { index, element in
            let title = title(element)
            return elements.count == 1 ? (title ?? "recipe") : "#\(index + 1)" + (title.map { " " + $0 } ?? "")
        }, map: map)
    }

    /// For a file holding many recipes: each recipe element mapped on its own, and the one
    /// the file breaks in (the last to start before the break) failed with the reason, since
    /// what was read of it may be cut short.
    public func mapEach(_ elements: [MarkupNode], label: (Int, MarkupNode) -> String,
                        map: (MarkupNode) throws -> Recipe) -> [MappedRecipe] {
        let broken = breakLine.flatMap { line in elements.lastIndex { $0.line <= line } }
        var results = elements.enumerated().map { index, element -> MappedRecipe in
            let name = label(index, element)
            if index == broken {
                return MappedRecipe(label: name, result: .failure(.invalid("the file breaks inside this recipe (line \(breakLine ?? 0): \(problem ?? "not well-formed XML"))")))
            }
            return MappedRecipe(label: name, result: Result { try map(element) }.mapError(RecipeJSON.asMappingError))
        }
        if let problem, broken == nil {
            results.append(MappedRecipe(label: "line \(breakLine ?? 0)", result: .failure(.invalid("the file is not well-formed: \(problem)"))))
        }
        return results
    }
}
