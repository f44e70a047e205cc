/// How much of any one input Larder reads: the written limits of the README ("Limits"), in one
/// place. The figures are far above real recipes and exports, and low enough that an input
/// within them is read in bounded memory and in time linear in its size. An input over a limit
/// fails alone, and its reason names the limit (`InputLimits.Exceeded`).
///
/// Where each is enforced: file and entry sizes and archive counts as the input is read
/// (`FileSource`, `ArchiveInput`, bundles through `BundleLimits`, whose shared figures come
/// from here); the sizes of one recipe by the parsers that could otherwise build something
/// far larger than their input (Cooklang, mappers of JSON lists) and, for every recipe of every
/// source, by `check(_:)` before any stage works on it.
public struct InputLimits: Sendable, Equatable {
    /// One input file, or one archive entry counted as it is decompressed.
    public var maxEntryBytes = 64 * 1024 * 1024
    /// One web page, saved or fetched (`--max-size` has the same default): its tree in libxml2
    /// takes many times its size, and a 64 MB page of list items took 1 GB.
    public var maxPageBytes = 20 * 1024 * 1024
    /// The text of one field as read (a title, an ingredient line, a step, a note, an
    /// attribute), after escapes are decoded. XML entities are never expanded at all.
    public var maxFieldBytes = 1024 * 1024
    /// Ingredient lines of one recipe.
    public var maxIngredientLines = 5_000
    /// Steps of one recipe.
    public var maxSteps = 5_000
    /// Any other list of one recipe: notes, categories, cuisines, tags, nutrition facts, and a
    /// Cooklang file's cookware, timers and metadata.
    public var maxListItems = 5_000
    /// Pictures of one recipe.
    public var maxImagesPerRecipe = 100
    /// One picture, embedded in a recipe file or beside it.
    public var maxImageBytes = 32 * 1024 * 1024
    /// Entries of one archive (an app's export, a backup bundle).
    public var maxEntries = 1_000_000
    /// Everything one input file expands to, counted as it is decompressed at every level: the
    /// entries of an archive, of the archives inside it, and the compressed files among them (a
    /// `.paprikarecipe` in a `.paprikarecipes`), whatever their kind. At most this, and at most
    /// `maxExpansion` times the file's own size past `minDecompressionBudget`: 454 KB of 64 zips
    /// of 256 gzip bombs each expanded 64 MB a bomb, an hour of CPU, each zip with a budget of
    /// its own.
    public var maxArchiveBytes = 16 * 1024 * 1024 * 1024
    /// How many times its own size one input may expand to, in all its levels together, past
    /// `minDecompressionBudget`.
    public var maxExpansion = 200
    /// The bytes any input may expand to, however small the file: a real 2 KB gzip of text can
    /// unpack to more than 200 times its size.
    public var minDecompressionBudget = 1024 * 1024 * 1024
    /// Attributes of one element of a page or an XML file, counted in the bytes before libxml2
    /// reads them: libxml2 2.9.14 compares each attribute with every earlier one of its element,
    /// so the time grows with the square of this count (100,000 on one element: 19 s). Real
    /// pages have up to about 90.
    public var maxAttributesPerElement = 256
    /// Different names (of elements, attributes, entities) in one page or XML file: libxml2
    /// 2.9.14 keeps them in a dictionary whose table stops growing at 16,384 slots, after which
    /// each look-up is slower (a million different element names: 33 s).
    public var maxMarkupNames = 10_000
    /// XML namespace declarations in scope at one element: each prefixed name is looked up
    /// through all of them.
    public var maxNamespacesInScope = 100
    /// The errors libxml2 may report on one page or XML file: one per this many bytes, and at
    /// least `minMarkupErrors`. Each costs libxml2 a formatted message (real pages have up to one
    /// per 80 bytes; 5 million stray end tags in a 20 MB page took 2 s on them alone).
    public var markupBytesPerError = 32
    /// The errors any file may report, however short it is.
    public var minMarkupErrors = 10_000
    /// Elements of one recipe in an XML export (a `<recipe>` of Gourmet, an `<RcpE>` of
    /// MasterCook), or in an HTML export of many recipes: each recipe is held whole while it is
    /// read, one at a time; real ones have a few hundred.
    public var maxRecipeElements = 100_000
    /// Memory budgets rather than limits (nothing is refused for them). Pictures held at once
    /// while pairing them with the recipe files beside them:
    public var maxHeldImageBytes = 256 * 1024 * 1024
    /// Recipe files held at once while they wait for their folder's picture; past it, those
    /// waiting are read with the pictures met so far. 40 files of 60 MB in one folder of a
    /// 2.4 MB zip were all held at once (issue 21: 2 to 5.6 GB).
    public var maxHeldRecipeBytes = 128 * 1024 * 1024

    /// The limits Larder reads every input within.
    public static let standard = InputLimits()

    /// How many bytes a file of `size` bytes may expand to, all levels together.
    public func decompressionBudget(forFileOf size: Int) -> Int {
        let (scaled, overflow) = size.multipliedReportingOverflow(by: maxExpansion)
        return min(maxArchiveBytes, max(minDecompressionBudget, overflow ? Int.max : scaled))
    }

    /// The standard limits; change a field to read within others.
    public init() {}

    /// Why an input, or one recipe in it, is refused: which limit, and by how much.
    /// "2,800,000 ingredient lines, over Larder's limit of 5,000 per recipe";
    /// "a step of 60 MB, over Larder's limit of 1 MB per field".
    public struct Exceeded: Sendable, Equatable, DescribedError {
        /// What went over: a plural for counts ("ingredient lines"), a thing for sizes ("a step").
        public var what: String
        /// How many or how large, when known; a reader that stops at the limit knows only that
        /// there is more.
        public var found: Int?
        /// The limit, in `unit`s.
        public var limit: Int
        /// What the limit is counted per ("recipe", "field", "file", "archive").
        public var per: String
        /// Whether the limit counts bytes or things.
        public var unit: Unit

        /// Bytes (said in KB, MB, GB), or a count of things.
        public enum Unit: Sendable, Equatable {
            /// A size in bytes.
            case bytes
            /// A number of things (entries, fields, recipes).
            case count
        }

        /// `what` went over `limit` per `per`; `found` when it is known.
        public init(_ what: String, found: Int? = nil, limit: Int, per: String, unit: Unit = .count) {
            self.what = what
            self.found = found
            self.limit = limit
            self.per = per
            self.unit = unit
        }

        public var description: String {
            switch unit {
            case .count:
                guard let found else { return "more than \(Self.grouped(limit)) \(what), Larder's limit per \(per)" }
                return "\(Self.grouped(found)) \(what), over Larder's limit of \(Self.grouped(limit)) per \(per)"
            case .bytes:
                // Just over a limit rounds to the limit itself: said as "larger than" too.
                guard let found, Self.size(found) != Self.size(limit) else {
                    return "\(what) larger than Larder's limit of \(Self.size(limit)) per \(per)"
                }
                return "\(what) of \(Self.size(found)), over Larder's limit of \(Self.size(limit)) per \(per)"
            }
        }

        /// `2800000` → `2,800,000`.
        public static func grouped(_ number: Int) -> String {
            let digits = Array(String(number.magnitude))
            var text = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
                text.append(digit)
            }
            return number < 0 ? "-" + text : text
        }

        /// Bytes as people read them: `1 MB`, `64 MB`, `512 KB`, `1.5 MB`, `16 GB`.
        public static func size(_ bytes: Int) -> String {
            let units: [(Int, String)] = [(1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")]
            for (scale, name) in units where bytes >= scale {
                let tenths = (bytes * 10 + scale / 2) / scale
                return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
            }
            return "\(bytes) bytes"
        }
    }
}
