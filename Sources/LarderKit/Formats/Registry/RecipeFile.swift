import Foundation
import LarderCore

/// One file being recognised and read: its path inside the input and its bytes, with what
/// several formats look at worked out once (the first significant byte, the head as text, the
/// parsed JSON, the root element's name). The JSON parsed to recognise a file is the JSON
/// read from it, so a JSON file is parsed once.
public final class RecipeFile {
    /// The path inside the input (`Recipes/Pancakes/recipe.json`), or the file's own name.
    public let name: String
    /// Its bytes.
    public let data: Data

    /// A file named `name` (its path in the input) holding `data`.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }

    /// The file name without folders and extension: `Pancakes` for `cook/Pancakes.cook`.
    public var stem: String {
        ((name as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The name's extension, lower-cased, without the dot.
    public var pathExtension: String {
        (name as NSString).pathExtension.lowercased()
    }

    /// The first 4 KB as text: enough for magic numbers, a header line, front matter.
    public private(set) lazy var head: String = String(decoding: data.prefix(4096), as: UTF8.self)

    /// The whole file as text: UTF-8 when the bytes are, else Windows-1252, the code page old
    /// recipe programs wrote.
    public var text: String { RecipeFileReader.text(of: data) }

    /// The first byte after a UTF-8 byte-order mark and white space, within the first KB: what
    /// tells markup (`<`) from JSON (`{`, `[`).
    public private(set) lazy var firstSignificantByte: UInt8? = FileSource.firstSignificantByte(of: data)

    /// What the first bytes are: gzip's magic, markup (`<` after space), JSON (`{` or `[` after space).
    public var startsWith: (gzip: Bool, markup: Bool, json: Bool) {
        (data.starts(with: [0x1F, 0x8B]), firstSignificantByte == UInt8(ascii: "<"),
         firstSignificantByte == UInt8(ascii: "{") || firstSignificantByte == UInt8(ascii: "["))
    }

    /// Text that is neither markup nor JSON: where Meal-Master, CSV and front matter are looked for.
    public var isPlainText: Bool { !startsWith.markup && !startsWith.json && !startsWith.gzip }

    /// An XML declaration opens the file: it is read as XML, not as a page.
    public var declaresXML: Bool {
        head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<?xml")
    }

    /// The document, when the file is JSON (by its name or its first byte) and parses; nil
    /// otherwise, and then reading it says what is wrong.
    public private(set) lazy var json: JSONValue? = {
        guard startsWith.json || ["json", "jsonld"].contains(pathExtension) else { return nil }
        return try? JSONValue.parse(data)
    }()

    /// The dialect of the JSON, by the keys of its first recipe object.
    public private(set) lazy var jsonShape: JSONShape? = json.flatMap(RecipeJSON.shape(of:))

    /// The name of the first element, read from the head without parsing: `mx2`, `gourmetDoc`,
    /// `html`. Declarations, comments and doctypes before it are passed over.
    public private(set) lazy var rootElement: String? = {
        var rest = head[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("?") || rest.hasPrefix("!") {
                let end = rest.hasPrefix("!--") ? rest.range(of: "-->")?.upperBound : rest.firstIndex(of: ">").map { rest.index(after: $0) }
                guard let end else { return nil }
                rest = rest[end...]
                continue
            }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." || $0 == ":" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }()
}
