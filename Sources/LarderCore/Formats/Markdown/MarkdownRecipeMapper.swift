import Foundation

/// A recipe written as Markdown: what `MarkdownWriter` writes (YAML front matter, `# Title`,
/// `## Ingredients` with `### group` headings, `## Instructions` with numbered steps, `## Notes`,
/// `## Nutrition`, a last `Source:` line), and what people and other tools write by hand: no
/// front matter, sections under headings in the languages `SectionWords` knows ("Zutaten",
/// "Method"), bullet or numbered lists, or paragraphs.
public enum MarkdownRecipeMapper {
    /// Whether the text looks like a Markdown recipe (for recognising a file by its bytes):
    /// front matter as Larder writes it (`title` and `id`), or a heading that opens an
    /// ingredient or instruction section. Front matter that lists the ingredients is
    /// Chowdown's, not this.
    public static func looksLikeRecipe(_ text: String) -> Bool {
        let lines = MarkdownRecipeMapper.lines(of: String(text.prefix(8192)))
        var body = lines[...]
        if let front = try? FrontMatter.split(lines) {
            let keys = Set(front.entries.map { $0.key.lowercased() })
            if keys.contains("ingredients") || keys.contains("directions") { return false }
            if keys.contains("title"), keys.contains("id") { return true }
            body = lines[front.bodyStart...]
        }
        let blocks = MarkdownBlock.parse(body)
        let opensSection = blocks.contains { block in
            if case .heading(_, let text) = block { return SectionWords.section(of: MarkdownInline.text(text)) != nil }
            return false
        }
        guard opensSection else { return false }
        var read = MarkdownBody(writtenByLarder: false)
        read.read(blocks)
        return !read.readsAsDocumentation
    }

    /// Why a Markdown file is documentation rather than a recipe (`MarkdownBody.readsAsDocumentation`),
    /// nil when it is not: a folder of recipes holds its README and its notes for coding
    /// assistants, which are skipped with this reason instead of read as recipes.
    public static func documentationReason(_ text: String) -> String? {
        let lines = Self.lines(of: text)
        var bodyStart = 0
        if let front = try? FrontMatter.split(lines) {
            if Set(front.entries.map { $0.key.lowercased() }).isSuperset(of: ["title", "id"]) { return nil }
            bodyStart = front.bodyStart
        }
        var body = MarkdownBody(writtenByLarder: false)
        body.read(MarkdownBlock.parse(lines[bodyStart...]))
        return documentationReason(of: body)
    }

    /// Why a body read by hand's rules is documentation, nil when it is not.
    static func documentationReason(of body: MarkdownBody) -> String? {
        guard body.readsAsDocumentation else { return nil }
        return "documentation, not a recipe: it holds code blocks, and \(body.otherHeadings) of its headings name other topics against \(body.partHeadings) naming a recipe's parts"
    }

    /// A contents page rather than a recipe: every line a heading, a list item that only links
    /// to another Markdown file, or a count of recipes (the `index.md` that `export --format
    /// markdown` writes beside the recipes, and tables of contents like it).
    public static func isContentsPage(_ text: String) -> Bool {
        var lines = Self.lines(of: text)[...]
        if let front = try? FrontMatter.split(Array(lines)) { lines = lines[front.bodyStart...] }
        var links = 0
        for line in lines.map(\.trimmed) where !line.isEmpty {
            if MarkdownBlock.atxHeading(line) != nil { continue }
            if line.range(of: #"^[0-9][0-9,. ]* recipes?\.?$"#, options: [.regularExpression, .caseInsensitive]) != nil { continue }
            guard let item = MarkdownBlock.listItem(line), let link = MarkdownInline.link(Array(item.text), at: 0),
                  link.end == item.text.count, MarkdownInline.destination(link.destination).lowercased().hasSuffix(".md") else { return false }
            links += 1
        }
        return links > 0
    }

    /// The pictures a recipe file names by a path inside its folder (`images/x/1.jpg`), for
    /// reading a file named on its own with them; never `..`, absolute paths or addresses.
    public static func pictureFiles(in text: String) -> [String] {
        guard let recipe = try? recipe(from: text, fileName: "recipe", context: MappingContext(input: "")) else { return [] }
        return recipe.images.compactMap { $0.file ?? $0.url }.filter { isInsideFolder($0) }
    }

    /// The recipe of one Markdown file; `fileName` gives the title when there is no `# Title`. Throws when it has no title, or neither ingredients nor steps.
    public static func recipe(from text: String, fileName: String, context: MappingContext) throws -> Recipe {
        let lines = Self.lines(of: text)
        var bodyStart = 0
        var metadata = FrontMatter.Reader([])
        do {
            if let front = try FrontMatter.split(lines) {
                metadata = FrontMatter.Reader(front.entries, ignoring: ["layout"])
                bodyStart = front.bodyStart
            }
        } catch let error as FrontMatter.SyntaxError {
            throw MappingError.invalid(error.description)
        }
        let writtenByLarder = metadata.has("title") && metadata.has("id")
        var body = MarkdownBody(writtenByLarder: writtenByLarder)
        body.read(MarkdownBlock.parse(lines[bodyStart...]))

        // The front matter's title is exact (YAML-quoted); a heading's or a file name's is tidied.
        let title = nonEmpty(metadata.take("title")?.text) ?? FlatText.title(body.title ?? fileName.replacingOccurrences(of: "-", with: " "))
        guard !title.isEmpty else { throw MappingError.missingField("title") }
        // Larder writes a recipe that has only a title as it is; by hand, a file without either
        // list is some other note (a README).
        if !writtenByLarder, let reason = documentationReason(of: body) { throw MappingError.noRecipe(reason) }
        guard writtenByLarder || !body.ingredientGroups.isEmpty || !body.sections.isEmpty else {
            throw MappingError.noRecipe("a Markdown file with no ingredient list and no steps (no heading such as \"Ingredients\" or \"Instructions\")")
        }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .markdown)
        recipe.ingredientGroups = body.ingredientGroups
        recipe.instructionSections = body.sections
        recipe.notes = body.notes
        // The body's table wins over front matter's `nutrition: {protein: 7g}`.
        recipe.nutrition = NutritionText.values(metadata.takeAll(under: "nutrition")).merging(body.nutrition) { _, table in table }
        recipe.description = nonEmpty(metadata.take("description")?.text) ?? nonEmpty(body.description.joined(separator: "\n"))

        readFacts(&metadata, body: body, into: &recipe)
        readLabels(&metadata, into: &recipe)
        let source = metadata.take("source", "url", "source_url", "source.url")?.text.trimmed ?? body.source ?? ""
        if !source.isEmpty {
            recipe.provenance.sourceURL = source
            if WebLink.http(source) != nil { recipe.provenance.site = SourceURL.host(of: source) }
        }
        if let name = metadata.take("source_name").flatMap({ TextCleaner.nonEmptyLine($0.text) }) { recipe.provenance.site = name }
        recipe.provenance.author = metadata.take("author", "source.author").flatMap { TextCleaner.nonEmptyLine($0.text) }
        let id = metadata.take("id")?.text.trimmed ?? ""
        let pictures = readPictures(&metadata, body: body)
        recipe.images = pictures.images
        _ = metadata.take("servings", "prep_time_iso", "cook_time_iso", "total_time_iso", "image_urls")
        recipe.extras = metadata.leftovers()
        if !pictures.refused.isEmpty { recipe.extras["imageFiles"] = .array(pictures.refused.map(JSONValue.string)) }
        recipe.id = id.isEmpty ? RecipeIdentity.makeID(for: recipe) : id
        return recipe
    }

    /// Yield and times: the front matter's (minutes, ISO-8601 durations) before the body's fact line.
    static func readFacts(_ metadata: inout FrontMatter.Reader, body: MarkdownBody, into recipe: inout Recipe) {
        let yieldText = metadata.take("yield", "serves", "recipeyield")?.text ?? body.facts["yield"] ?? body.facts["serves"] ?? body.facts["servings"]
        recipe.yield = yieldText.flatMap(YieldParser.parse)
        // `servings` is the yield's number again (a yield without a unit counts servings).
        if recipe.yield == nil, let servings = metadata.take("servings").flatMap({ Double($0.text.trimmed) }) {
            recipe.yield = YieldParser.servings(servings)
        }
        func duration(_ key: String, _ others: String..., fact: String) -> RecipeDuration? {
            let iso = metadata.take(key + "_iso").flatMap { DurationParser.iso8601Minutes($0.text.trimmed) }
            let value = metadata.take([key] + others)?.text.trimmed
            if let value, let minutes = Double(value) {
                // Larder writes whole minutes and the ISO form beside them, which keeps what
                // the rounding left out; a number edited by hand wins.
                if let iso, abs(minutes - iso) < 1 { return DurationParser.minutes(iso) }
                return DurationParser.minutes(minutes)
            }
            if let value { return DurationParser.parse(value) }
            if let iso { return DurationParser.minutes(iso) }
            return body.facts[fact].flatMap(DurationParser.parse)
        }
        recipe.times.prep = duration("prep_time", "prep", "preptime", fact: "prep")
        recipe.times.cook = duration("cook_time", "cook", "cooktime", fact: "cook")
        recipe.times.total = duration("total_time", "total", "totaltime", fact: "total")
    }

    static func readLabels(_ metadata: inout FrontMatter.Reader, into recipe: inout Recipe) {
        func items(_ keys: String...) -> [String] {
            TextCleaner.uniqued((metadata.take(keys)?.items ?? []).map(\.trimmed).filter { !$0.isEmpty })
        }
        recipe.categories = items("categories", "category", "course")
        recipe.cuisines = items("cuisine", "cuisines")
        recipe.tags = items("tags", "keywords")
        recipe.diets = items("diets", "diet")
        if let rating = metadata.take("rating").flatMap({ Double($0.text.trimmed) }), rating.isFinite, rating >= 0 {
            let count = metadata.take("rating_count").flatMap { Int($0.text.trimmed) }.flatMap { $0 >= 0 ? $0 : nil }
            let best = metadata.take("rating_best").flatMap { Double($0.text.trimmed) }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            recipe.rating = Rating(value: rating, count: count, best: best)
        }
        readDates(&metadata, into: &recipe)
    }

    /// `published`, `created` and `modified` to the second, `cooked` a list of them (as
    /// `MarkdownWriter` writes them); else `date`, the day site generators show, is the day
    /// published. In a file that gives `created`, `date` is only that day again.
    static func readDates(_ metadata: inout FrontMatter.Reader, into recipe: inout Recipe) {
        func moment(_ key: String) -> Date? {
            metadata.take(key).flatMap { CanonicalJSON.parse($0.text.trimmed) ?? day($0.text.trimmed) }
        }
        let published = moment("published")
        recipe.dates.created = moment("created")
        recipe.dates.modified = moment("modified")
        recipe.dates.cooked = (metadata.take("cooked")?.items ?? []).compactMap { CanonicalJSON.parse($0.trimmed) ?? day($0.trimmed) }
        let date = metadata.take("date").flatMap { day($0.text.trimmed) }
        recipe.dates.published = published ?? (recipe.dates.created == nil ? date : nil)
    }

    /// Pictures by web address or by a path inside the recipe's folder, which the file reader
    /// puts the bytes of. Any other reference (an absolute path, `../`, `file:`, `data:`) is
    /// never opened: it is kept as text in `extras["imageFiles"]`.
    ///
    /// `image_urls`, one for each picture, gives the web address of a picture linked by its
    /// copy beside the file: the picture keeps both. A single `image` is one address, commas
    /// and all (`…/upload/c_fill,q_auto/…`).
    static func readPictures(_ metadata: inout FrontMatter.Reader, body: MarkdownBody) -> (images: [RecipeImage], refused: [String]) {
        func addresses(_ value: FrontMatter.Value?) -> [String] {
            switch value {
            case .text(let text): return [text]
            case .list(let items): return items
            case nil: return []
            }
        }
        let listed = addresses(metadata.take("images"))
        let single = addresses(metadata.take("image", "picture"))
        let references = (!listed.isEmpty ? listed : !single.isEmpty ? single : body.picture.map { [$0] } ?? []).map(\.trimmed)
        let webAddresses = (metadata.take("image_urls")?.items ?? []).map(\.trimmed)
        var images: [RecipeImage] = []
        var refused: [String] = []
        var seen = Set<String>()
        for (index, reference) in references.enumerated() where !reference.isEmpty && seen.insert(reference).inserted {
            let address = webAddresses.count == references.count ? WebLink.http(webAddresses[index]) : nil
            if WebLink.http(reference) != nil {
                images.append(RecipeImage(url: reference))
            } else if isInsideFolder(reference) {
                images.append(address.map { RecipeImage(url: $0, file: reference) } ?? RecipeImage(url: reference))
            } else {
                refused.append(reference)
            }
        }
        return (images, refused)
    }

    /// A relative path that stays inside the folder it is read from: no scheme, not absolute,
    /// never climbing above its start with `..`.
    static func isInsideFolder(_ path: String) -> Bool {
        guard !path.isEmpty, !path.contains(":"), !path.hasPrefix("/"), !path.hasPrefix("\\"), !path.contains("\\") else { return false }
        var depth = 0
        for part in path.split(separator: "/") {
            if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
            if depth < 0 { return false }
        }
        return depth > 0
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        return text
    }

    /// `2024-03-01` (or a longer date-time starting so) as midnight UTC of that day, as
    /// `YAMLText.day` writes it.
    static func day(_ text: String) -> Date? {
        let parts = text.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard text.count >= 10, parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    static func lines(of text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension FrontMatter.Reader {
    func has(_ key: String) -> Bool {
        entries.contains { $0.key.lowercased() == key }
    }

    mutating func take(_ keys: [String]) -> FrontMatter.Value? {
        for key in keys { if let value = take(key) { return value } }
        return nil
    }
}
