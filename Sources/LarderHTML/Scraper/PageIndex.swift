import LarderCore

/// What the passes of the scraper look up on a page, found in one walk over the tree: the
/// page's own metadata and JSON-LD, the elements that carry the class names (or ids) of the
/// recipe cards, every list item and top heading, the markers of microdata, and every run of
/// text with its first letters. Passes then read these lists instead of walking or querying the
/// whole page again (one XPath query per question scanned the whole page each time, which
/// was most of the scraping time). The walk reads names and attributes in place and allocates
/// only for what it keeps.
struct PageIndex {
    let document: HTMLDocument
    private var byClass: [String: [HTMLElement]] = [:]
    /// The text of every `<script type="application/ld+json">` (or `<meta>` of that name), in page order.
    private(set) var jsonLD: [String] = []
    private(set) var metadata = PageMetadata()
    /// Every `<li>`, in document order.
    private(set) var listItems: [HTMLElement] = []
    /// Every `<p>`, in document order: some pages set their ingredient lines as paragraphs.
    private(set) var paragraphs: [HTMLElement] = []
    /// Every `<h1>`, in document order.
    private(set) var topHeadings: [HTMLElement] = []
    /// Every `<img>`, in document order, and how many come before the first `<h1>`.
    private(set) var images: [HTMLElement] = []
    private(set) var imagesBeforeTopHeading: Int?
    /// Every element of a microdata Recipe item, in document order; the first element that names
    /// an ingredient, and the first that names an author.
    private(set) var microdataRecipes: [HTMLElement] = []
    private(set) var microdataIngredient: HTMLElement?
    private(set) var microdataAuthor: HTMLElement?
    private(set) var body: HTMLElement?
    /// Every run of text that is not all white space, in document order.
    private(set) var texts: [TextRun] = []

    /// A run of text and the first three letters of its words, lower-cased.
    struct TextRun {
        /// The text node: borrowed, as the index holds the document.
        let node: HTMLNode
        /// Bytes, white space included.
        let length: Int
        /// The first three bytes after leading white space, ASCII letters lower-cased, as one
        /// number (see `PageIndex.key`).
        let key: UInt32
        /// The first byte after leading white space.
        let firstByte: UInt8
        /// The first byte of its comparison key when that is ASCII; 0xFF when the first
        /// letter is not ASCII; 0 when the run has no letter or digit.
        let firstKeyByte: UInt8
        var element: HTMLElement? { node.parent }
        var text: String { node.text?.string ?? "" }
    }

    /// Class names (and ids written as `#id`) to look for, prepared for the walk.
    struct Wanted: Sendable {
        let names: Set<String>
        let hashes: Set<UInt64>
        /// For each first byte, the lengths of the names that start with it, as bits: most
        /// class names of a page are none of them, and are passed over without hashing.
        let shapes: [UInt64]

        init(_ names: Set<String>) {
            self.names = names
            hashes = Set(names.map { PageIndex.hash(Array($0.utf8)[...]) })
            var shapes = [UInt64](repeating: 0, count: 256)
            for name in names {
                let bytes = Array(name.utf8.drop(while: { $0 == 0x23 }))
                if let first = bytes.first, bytes.count < 64 { shapes[Int(first)] |= 1 << UInt64(bytes.count) }
            }
            self.shapes = shapes
        }
    }

    init(_ document: HTMLDocument, wanted: Wanted) {
        self.document = document
        guard let root = document.root else { return }
        if let language = root.attribute("lang").flatMap(TextCleaner.nonEmptyLine) { metadata.language = language }
        root.walk(texts: true) { node in
            if let text = node.text {
                read(text, of: node)
                return .skip
            }
            readElement(node)
            node.forEachAttribute { name, value in
                let isClass = name.equalsIgnoringCase("class")
                if isClass || name.equalsIgnoringCase("id") {
                    collect(tokensOf: value, isClass: isClass, of: node, wanted: wanted)
                } else if name.equalsIgnoringCase("itemprop") {
                    if microdataIngredient == nil, value.equalsIgnoringCase("recipeIngredient") || value.equalsIgnoringCase("ingredients") {
                        microdataIngredient = node.element
                    }
                    if microdataAuthor == nil, value.equalsIgnoringCase("author") { microdataAuthor = node.element }
                } else if name.equalsIgnoringCase("itemtype"), value.contains("recipe") {
                    if node.element.attribute("itemscope") != nil { microdataRecipes.append(node.element) }
                }
            }
            return .enter
        }
    }

    private mutating func read(_ text: HTMLBytes, of node: HTMLNode) {
        var index = 0
        // A no-break space (`&nbsp;`, UTF-8 C2 A0) leads many a label ("&nbsp;Serves 4"): it is
        // white space as much as a space is.
        while index < text.count {
            if Self.isSpace(text[index]) {
                index += 1
            } else if text[index] == 0xC2, index + 1 < text.count, text[index + 1] == 0xA0 {
                index += 2
            } else {
                break
            }
        }
        guard index < text.count else { return }
        let firstByte = text[index]
        var key: UInt32 = 0
        for offset in 0..<3 where index + offset < text.count {
            key = key << 8 | UInt32(HTMLBytes.lower(text[index + offset]))
        }
        if text.count - index < 3 { key = 0 }
        var first: UInt8 = 0
        while index < text.count {
            let byte = HTMLBytes.lower(text[index])
            if byte >= 0x80 {
                first = 0xFF
                break
            }
            if byte >= 0x61 && byte <= 0x7A || byte >= 0x30 && byte <= 0x39 {
                first = byte
                break
            }
            index += 1
        }
        texts.append(TextRun(node: node, length: text.count, key: key, firstByte: firstByte, firstKeyByte: first))
    }

    /// Reads the element when it is one the index keeps. Names are compared as bytes, and an
    /// `HTMLElement` is made only for a match: this runs for every element of the page.
    private mutating func readElement(_ node: HTMLNode) {
        // Most elements are none of these: their name's length and first letter tell, before
        // the name is compared.
        guard let (length, first) = node.nameShape else { return }
        switch (length, first) {
        case (2, 0x6C) where node.isNamed("li"):
            listItems.append(node.element)
        case (1, 0x70) where node.isNamed("p"):
            paragraphs.append(node.element)
        case (3, 0x69) where node.isNamed("img"):
            images.append(node.element)
        case (2, 0x68) where node.isNamed("h1"):
            if topHeadings.isEmpty { imagesBeforeTopHeading = images.count }
            topHeadings.append(node.element)
        case (6, 0x73) where node.isNamed("script"):
            var isJSONLD = false
            node.forEachAttribute { name, value in
                if name.equalsIgnoringCase("type"), value.contains("ld+json") { isJSONLD = true }
            }
            if isJSONLD { jsonLD.append(node.element.rawText) }
        case (4, 0x6D) where node.isNamed("meta"):
            readMeta(node)
        case (4, 0x6C) where node.isNamed("link"):
            metadata.read(link: node.element)
        case (5, 0x74) where node.isNamed("title"):
            if metadata.title == nil { metadata.title = TextCleaner.nonEmptyLine(node.element.rawText) }
        case (4, 0x62) where node.isNamed("body"):
            if body == nil { body = node.element }
        default:
            break
        }
    }

    /// A `<meta>`: its key (`property`, else `name`, else `itemprop`) and content, read in one
    /// pass over its attributes.
    private mutating func readMeta(_ node: HTMLNode) {
        var property: HTMLBytes?, name: HTMLBytes?, itemprop: HTMLBytes?, content: HTMLBytes?
        node.forEachAttribute { attribute, value in
            if attribute.equalsIgnoringCase("content") { content = value }
            else if attribute.equalsIgnoringCase("property") { property = value }
            else if attribute.equalsIgnoringCase("name") { name = value }
            else if attribute.equalsIgnoringCase("itemprop") { itemprop = value }
        }
        // Frameworks that render structured data through their page-metadata API (Next.js's
        // `metadata.other`) write it as `<meta name="application/ld+json" content="{…}">`.
        if name?.contains("ld+json") == true {
            if let content { jsonLD.append(node.element.attribute("content") ?? content.string) }
            return
        }
        guard let key = property ?? name ?? itemprop, content != nil else { return }
        // Values with entities are in several nodes, which the element's attribute joins.
        let element = node.element
        metadata.read(key: key.string.lowercased(), content: element.attribute("content"))
    }

    /// The class names (or id) in `value` that are wanted. A tight loop over the bytes: this
    /// runs on every class attribute of the page.
    private mutating func collect(tokensOf value: HTMLBytes, isClass: Bool, of node: HTMLNode, wanted: Wanted) {
        var found: [String] = []
        value.withUnsafeBufferPointer { bytes in
            var start = 0
            var index = 0
            while index <= bytes.count {
                // Space, tab and line breaks part class names.
                if index == bytes.count || bytes[index] <= 0x20 {
                    let length = index - start
                    if length > 0, length < 64, wanted.shapes[Int(bytes[start])] & (1 << UInt64(length)) != 0 {
                        let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
                        if wanted.hashes.contains(isClass ? Self.hash(token) : Self.hash(token, prefix: 0x23)) {
                            found.append((isClass ? "" : "#") + String(decoding: token, as: UTF8.self))
                        }
                    }
                    start = index + 1
                }
                index += 1
            }
        }
        for key in found where wanted.names.contains(key) { byClass[key, default: []].append(node.element) }
    }

    func first(_ name: String) -> HTMLElement? { byClass[name]?.first }

    /// The first `<h1>` that says something to a reader: not one hidden or written for screen
    /// readers only (a site's "Navigation" or "More from us" headings, read out before the
    /// recipe's own).
    var firstHeading: String? {
        topHeadings.lazy.filter { !SectionReader.isHidden($0) }.compactMap { TextCleaner.nonEmptyLine($0.rawText) }.first
    }

    /// The elements whose own text (a run of text right inside them, after leading white
    /// space) starts with one of `prefixes` (three lower-case ASCII letters each), in document
    /// order; with `orDigit`, also those whose own text starts with a digit.
    func elements(withTextStartingWith prefixes: Set<String>, orDigit: Bool = false) -> [HTMLElement] {
        let keys = Set(prefixes.map { Self.key(Array($0.utf8)) })
        var hits: [HTMLElement] = []
        for run in texts {
            let startsWithDigit = run.firstByte >= 0x30 && run.firstByte <= 0x39
            guard keys.contains(run.key) || orDigit && startsWithDigit, let element = run.element else { continue }
            if hits.last != element { hits.append(element) }
        }
        return hits
    }

    /// Three bytes as `TextRun.key` holds them.
    static func key(_ bytes: [UInt8]) -> UInt32 {
        bytes.prefix(3).reduce(UInt32(0)) { $0 << 8 | UInt32(HTMLBytes.lower($1)) }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    static func hash<C: Collection>(_ bytes: C, prefix: UInt8? = nil) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        if let prefix { h = (h ^ UInt64(prefix)) &* 0x100_0000_01B3 }
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return h
    }
}
