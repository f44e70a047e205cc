import Foundation

/// schema.org `Recipe` (as JSON-LD values) → Recipe. Pure: the HTML scraper hands it the parsed
/// `<script type="application/ld+json">` blocks, the JSON source hands it `.json` files.
public enum SchemaOrgMapper {
    /// Every node of a JSON-LD document, flattened out of lists and `@graph`, plus an index of
    /// the nodes that have an `@id` so references can be followed.
    public struct Graph {
        /// Every node of the graph, in document order.
        public var nodes: [[String: JSONValue]] = []
        /// The nodes that have an `@id`, by it, for following references.
        public var byID: [String: [String: JSONValue]] = [:]

        /// The graph of JSON-LD values: their nodes, `@graph` arrays taken apart.
        public init(_ values: [JSONValue]) {
            for value in values { collect(value, depth: 0) }
        }

        mutating func collect(_ value: JSONValue, depth: Int) {
            guard depth < 8 else { return }
            switch value {
            case .array(let items):
                for item in items { collect(item, depth: depth + 1) }
            case .object(let object):
                nodes.append(object)
                if let id = object["@id"]?.stringValue, object.count > 1 { byID[id] = object }
                if let graph = object["@graph"] { collect(graph, depth: depth + 1) }
                // A page node names what it is about in `mainEntity` ({"@type": "WebPage",
                // "mainEntity": {"@type": "Recipe", …}}): the recipe is a node of its own.
                if let entity = object["mainEntity"], entity.arrayValue != nil || entity.objectValue.map({ !SchemaOrgMapper.types(of: $0).isEmpty }) == true {
                    collect(entity, depth: depth + 1)
                }
                // ItemList carousels wrap recipes in `itemListElement[].item`.
                if let elements = object["itemListElement"]?.arrayValue, SchemaOrgMapper.types(of: object).contains("itemlist") {
                    for element in elements { if let item = element["item"] { collect(item, depth: depth + 1) } }
                }
            default:
                break
            }
        }

        /// Follows `{"@id": …}` to the full node when the graph has it.
        func resolve(_ value: JSONValue) -> JSONValue {
            if let object = value.objectValue, object.count == 1, let id = object["@id"]?.stringValue, let target = byID[id] {
                return .object(target)
            }
            return value
        }

        /// The nodes whose `@type` is Recipe.
        public var recipeNodes: [[String: JSONValue]] {
            nodes.filter { SchemaOrgMapper.types(of: $0).contains("recipe") }
        }
    }

    static func types(of object: [String: JSONValue]) -> Set<String> {
        var result = Set<String>()
        for value in object["@type"]?.listValue ?? [] {
            guard var name = value.stringValue else { continue }
            if let cut = name.lastIndex(where: { $0 == "/" || $0 == ":" }) { name = String(name[name.index(after: cut)...]) }
            result.insert(name.lowercased())
        }
        return result
    }

    /// Whether a JSON value looks like JSON-LD at all.
    public static func looksLikeJSONLD(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object): return object["@type"] != nil || object["@graph"] != nil || object["@context"] != nil
        case .array(let items): return items.contains(where: looksLikeJSONLD)
        default: return false
        }
    }

    /// A Recipe node as a ``Recipe``, references followed through `graph`.
    public static func map(_ node: [String: JSONValue], graph: Graph, context: MappingContext) throws -> Recipe {
        var reader = ObjectReader(node)
        reader.ignore("@context", "@type")
        guard let title = reader.takeString("name", "headline").map(TextCleaner.line), !title.isEmpty else {
            throw MappingError.missingField("name")
        }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .schemaOrg)
        recipe.description = reader.takeString("description").map(TextCleaner.block).flatMap { $0.isEmpty ? nil : $0 }
        if let url = reader.take("url", "mainEntityOfPage").flatMap({ urlString(graph.resolve($0)) }) {
            recipe.provenance.sourceURL = url
            recipe.provenance.site = SourceURL.host(of: url)
        }
        recipe.provenance.author = reader.take("author", "creator").flatMap { names(graph.resolve($0), graph: graph) }
        // What an app's export says of where the recipe came from (RecipeSage writes its
        // source's address as `isBasedOn`, its name as `creditText`, its id as `identifier`).
        if let basedOn = reader.take("isBasedOn").flatMap({ urlString(graph.resolve($0)) }) {
            if recipe.provenance.sourceURL == nil {
                recipe.provenance.sourceURL = basedOn
                recipe.provenance.site = SourceURL.host(of: basedOn)
            } else if basedOn != recipe.provenance.sourceURL {
                recipe.extras["isBasedOn"] = .string(basedOn)
            }
        }
        if let credit = reader.takeString("creditText").map(TextCleaner.line), !credit.isEmpty {
            if recipe.provenance.author == nil { recipe.provenance.author = credit } else if credit != recipe.provenance.author { recipe.extras["creditText"] = .string(credit) }
        }
        if let identifier = reader.take("identifier")?.stringValue.flatMap(TextCleaner.nonEmptyLine) { recipe.provenance.originalID = identifier }
        if let yield = reader.take("recipeYield", "yield") { recipe.yield = yieldValue(yield) }
        let times = [reader.takeString("prepTime"), reader.takeString("cookTime", "performTime"), reader.takeString("totalTime")]
        let read = secondsMeantAsMinutes(times) ? { (text: String) in DurationParser.parse("PT" + text.trimmed.dropFirst(2).dropLast() + "M") } : DurationParser.parse
        recipe.times.prep = times[0].flatMap(read)
        recipe.times.cook = times[1].flatMap(read)
        recipe.times.total = times[2].flatMap(read)
        recipe.categories = reader.take("recipeCategory").map(termList) ?? []
        recipe.cuisines = reader.take("recipeCuisine").map(termList) ?? []
        recipe.tags = reader.take("keywords").map(stringList) ?? []
        recipe.diets = TextCleaner.uniqued((reader.take("suitableForDiet").map(stringList) ?? []).map(DietNames.normalize))
        if let nutrition = reader.take("nutrition").map(graph.resolve)?.objectValue {
            for (key, value) in nutrition where !key.hasPrefix("@") {
                if let text = value.stringValue.map(TextCleaner.line), !text.isEmpty { recipe.nutrition[key] = text }
            }
        }
        recipe.rating = reader.take("aggregateRating").flatMap { rating(graph.resolve($0)) }
        recipe.dates.created = reader.take("dateCreated").flatMap(DateReader.read)
        recipe.dates.modified = reader.take("dateModified").flatMap(DateReader.read)
        recipe.dates.published = reader.take("datePublished").flatMap(DateReader.read)
        recipe.images = images(reader.take("image", "thumbnailUrl"), graph: graph)
        let ingredientValues = reader.take("recipeIngredient", "ingredients")?.flattenedList ?? []
        try context.limits.check(count: ingredientValues.count, of: "ingredient lines", limit: \.maxIngredientLines)
        let lines = ingredientValues.flatMap { value -> [String] in
            guard let text = value.stringValue else { return [] }
            // An entry of a list is one ingredient however its markup is set (`2 lb. <p>asparagus,
            // stalks trimmed</p>`: the site wrapped the name in a paragraph of its own); only its
            // line breaks (`\n`, `<br />`) part it. A list given as one text parts at its
            // paragraphs and items too.
            let parts = ingredientValues.count > 1 ? TextCleaner.lineBreaks(of: text) : TextCleaner.block(text).split(whereSeparator: \.isNewline).map(String.init)
            return parts.map { IngredientLineCleaner.clean($0) }
        }.filter { !$0.isEmpty }
        if !lines.isEmpty { recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })] }
        if let instructions = reader.take("recipeInstructions", "instructions") {
            try context.limits.check(count: instructions.flattenedList.count, of: "steps", limit: \.maxSteps)
            recipe.instructionSections = sections(instructions, graph: graph)
            // A section named after the dish itself names no part of it.
            if let first = recipe.instructionSections.first?.name, first.lowercased() == recipe.title.lowercased() {
                recipe.instructionSections[0].name = nil
            }
        }
        // Comments that no one signed are the recipe's own notes (RecipeSage's `Author Notes`);
        // readers' comments on a page (with an author) are kept apart.
        if let comments = reader.take("comment") {
            var readers: [JSONValue] = []
            for comment in comments.flattenedList.map(graph.resolve) {
                if comment["author"] == nil, let text = (comment["text"] ?? comment).stringValue.map(TextCleaner.block) {
                    if !text.isEmpty { recipe.notes.append(text) }
                } else {
                    readers.append(comment)
                }
            }
            if !readers.isEmpty { recipe.extras["comment"] = .array(readers) }
        }
        recipe.extras.merge(reader.leftovers) { kept, _ in kept }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    // MARK: - Field shapes

    /// Times written in the seconds' place of an ISO 8601 duration (`PT45S`, `PT30S`, `PT75S`
    /// for 45, 30 and 75 minutes): every time the recipe gives is in seconds alone, none a
    /// whole number of minutes, none longer than ten. No recipe is prepared, cooked and done in
    /// seconds; one whose times are real seconds counts them in whole minutes (`PT900S`).
    static func secondsMeantAsMinutes(_ times: [String?]) -> Bool {
        let given = times.compactMap { $0?.trimmed }.filter { !$0.isEmpty }
        return !given.isEmpty && given.allSatisfy { text in
            let upper = text.uppercased()
            guard upper.hasPrefix("PT"), upper.hasSuffix("S"), let seconds = Int(upper.dropFirst(2).dropLast()) else { return false }
            return seconds > 0 && seconds <= 600 && seconds % 60 != 0
        }
    }

    static func urlString(_ value: JSONValue) -> String? {
        if let address = value.stringValue.flatMap(WebAddress.init(trimming:)) { return address.text }
        if let object = value.objectValue {
            return (object["@id"] ?? object["url"]).flatMap { $0.stringValue }.flatMap(WebAddress.init(trimming:))?.text
        }
        return nil
    }

    /// The author of any node in the graph that names one (the Article or WebPage around a
    /// recipe whose own node has none).
    public static func anyAuthor(in graph: Graph) -> String? {
        for node in graph.nodes {
            if let author = (node["author"] ?? node["creator"]).flatMap({ names(graph.resolve($0), graph: graph) }) { return author }
        }
        return nil
    }

    /// The sections an article node files the page under (`articleSection`), for a recipe that
    /// names no category of its own.
    public static func anySections(in graph: Graph) -> [String]? {
        for node in graph.nodes {
            let sections = node["articleSection"].map(termList)?.filter { !["uncategorized", "uncategorised"].contains($0.lowercased()) }
            if let sections, !sections.isEmpty { return sections }
        }
        return nil
    }

    static func names(_ value: JSONValue, graph: Graph) -> String? {
        let names = value.listValue.compactMap { item -> String? in
            let resolved = graph.resolve(item)
            if let text = resolved.stringValue { return TextCleaner.nonEmptyLine(text) }
            return resolved["name"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        }.filter { !WebAddress.isWebAddress($0) }
        // A link to the author's page (microdata gives an `<a>` its address) names no one.
        return names.isEmpty ? nil : TextCleaner.uniqued(names).joined(separator: ", ")
    }

    /// Names of courses or cuisines: not the numbers or flags some sites put there (`21`,
    /// `false`), nor the steps one marked up as its cuisine.
    static func termList(_ value: JSONValue) -> [String] {
        let named = value.listValue.filter { item in
            if case .string(let text) = item { return !isProse(text) }
            return item.objectValue != nil
        }
        return stringList(.array(named)).filter { term in term.contains(where: \.isLetter) && term.count <= 60 }
    }

    /// Sentences, not names: several words with a full stop inside.
    static func isProse(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        return text.count > 300 || (words.count > 6 && words.dropLast().contains { $0.hasSuffix(".") })
    }

    /// Comma strings and lists both become lists.
    static func stringList(_ value: JSONValue) -> [String] {
        TextCleaner.uniqued(value.listValue.flatMap { item -> [String] in
            guard let text = item.stringValue ?? item["name"]?.stringValue else { return [] }
            return TextCleaner.list(text)
        })
    }

    static func yieldValue(_ value: JSONValue) -> Yield? {
        // A `QuantitativeValue` says the number and its word apart.
        if let object = value.objectValue, let number = object["value"]?.stringValue {
            return yieldValue(.string([number, object["unitText"]?.stringValue].compactMap { $0 }.joined(separator: " ")))
        }
        let texts = value.listValue.compactMap { $0.stringValue.map(TextCleaner.line) }.filter { !$0.isEmpty }
        if case .number(let number) = value { return YieldParser.servings(number).map { var y = $0; y.text = texts.first; return y } }
        // Of several spellings (`["4", "4 servings"]`) the one that says most wins; the number
        // comes from the first that has one.
        guard let best = texts.max(by: { $0.count < $1.count }) else { return nil }
        var yield = YieldParser.parse(best) ?? Yield(text: best)
        if yield.quantity == nil, let parsed = texts.lazy.compactMap({ YieldParser.parse($0) }).first(where: { $0.quantity != nil }) {
            yield.quantity = parsed.quantity
            yield.unit = parsed.unit
        }
        // A bare number beside a range (`["4", "4-6 servings"]`, as recipe plugins write it) is
        // the count the recipe's amounts are for: it is what scaling starts from. When it is
        // where the range starts, the range stays (scaling starts from its start), so that the
        // yield reads back from the text as it was stored; inside the range it replaces it. A
        // number that is not in the range counts something else (`["20", "2 pies"]`).
        if texts.count > 1, let bare = texts.lazy.compactMap({ Double($0) }).first, let range = yield.quantity, let upper = range.upper,
           bare > range.value, bare <= upper {
            yield.quantity = Amount(bare)
        }
        return yield
    }

    static func rating(_ value: JSONValue) -> Rating? {
        if let number = value.doubleValue { return number > 0 ? Rating(value: number) : nil }
        guard let object = value.objectValue, let ratingValue = object["ratingValue"]?.doubleValue, ratingValue.isFinite, ratingValue > 0 else { return nil }
        let count = (object["ratingCount"] ?? object["reviewCount"])?.doubleValue.flatMap { $0.isFinite && $0 >= 0 && $0 < 1e12 ? Int($0) : nil }
        return Rating(value: ratingValue, count: count, best: object["bestRating"]?.doubleValue)
    }

    /// Images as a string, a list, an `ImageObject` or a reference; the largest first when the
    /// source gives sizes.
    static func images(_ value: JSONValue?, graph: Graph) -> [RecipeImage] {
        guard let value else { return [] }
        var images: [RecipeImage] = []
        for item in value.listValue {
            let resolved = graph.resolve(item)
            if let text = resolved.stringValue, !text.isEmpty {
                images.append(RecipeImage(url: text))
            } else if let object = resolved.objectValue {
                // The picture's bytes as a `data:` address in `contentUrl` (as Larder's JSON-LD
                // export keeps a stored picture), beside or instead of its web address.
                let bytes = object["contentUrl"]?.stringValue.flatMap { $0.hasPrefix("data:image/") ? Base64Image.decode($0) : nil }
                let address = bytes == nil ? (object["url"] ?? object["contentUrl"] ?? object["@id"]) : object["url"]
                let url = address?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                guard url != nil || bytes != nil else { continue }
                let width = object["width"].flatMap(pixelCount)
                let height = object["height"].flatMap(pixelCount)
                images.append(RecipeImage(url: url, mediaType: bytes.flatMap(ImageBytes.mediaType), width: width, height: height, embeddedData: bytes))
            }
        }
        var seen = Set<String>()
        images = images.enumerated().filter { seen.insert($0.element.url ?? "bytes \($0.offset)").inserted }.map(\.element)
        if images.contains(where: { $0.width != nil }) {
            // Stable: images without sizes keep their order after the sized ones.
            images = images.enumerated().sorted { a, b in
                let areaA = (a.element.width ?? 0) * (a.element.height ?? 1)
                let areaB = (b.element.width ?? 0) * (b.element.height ?? 1)
                return areaA != areaB ? areaA > areaB : a.offset < b.offset
            }.map(\.element)
        }
        return images
    }

    static func pixelCount(_ value: JSONValue) -> Int? {
        if let number = value.doubleValue, number.isFinite, number > 0, number < 1e6 { return Int(number) }
        if let text = value.stringValue, let number = Int(text.filter(\.isNumber).prefix(6)) { return number }
        if let inner = value["value"] { return pixelCount(inner) }
        return nil
    }

    /// `recipeInstructions` in all its shapes: a string (with newlines or HTML), a list of
    /// strings, of `HowToStep`s, of `HowToSection`s holding steps, or an `ItemList`.
    static func sections(_ value: JSONValue, graph: Graph) -> [InstructionSection] {
        var result: [InstructionSection] = []
        var loose: [Step] = []
        /// The name of a section given as a heading with no steps inside (RecipeSage writes
        /// them so): it names the steps that follow it.
        var headingName: String?
        func flushLoose() {
            if !loose.isEmpty { result.append(InstructionSection(name: headingName, steps: loose)) }
            loose = []
            headingName = nil
        }
        for item in value.flattenedList {
            let resolved = graph.resolve(item)
            if let text = resolved.stringValue {
                loose += StepSplitter.steps(from: text)
                continue
            }
            guard let object = resolved.objectValue else { continue }
            let kind = types(of: object)
            if kind.contains("howtosection") || (object["itemListElement"] != nil && object["text"] == nil) {
                flushLoose()
                let steps = sections(object["itemListElement"] ?? .null, graph: graph).flatMap(\.steps)
                let name = object["name"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
                if steps.isEmpty {
                    headingName = name
                } else {
                    result.append(InstructionSection(name: name, steps: steps))
                }
            } else {
                let text = (object["text"] ?? object["description"] ?? object["name"])?.stringValue ?? ""
                let stepTexts = StepSplitter.steps(from: text)
                var name = object["name"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
                // Many sites repeat the text as the name, or cut it short there: no title then.
                if let given = name, let first = stepTexts.first?.text, first.hasPrefix(String(given.withoutEllipsis)) { name = nil }
                // "Step 1", "2:" only number the step.
                if let given = name, StepNumbering.isNumbering(given) { name = nil }
                let image = object["image"].flatMap { images($0, graph: graph).first?.url }
                for (index, step) in stepTexts.enumerated() {
                    loose.append(Step(text: step.text, name: index == 0 ? name : nil, image: index == 0 ? image : nil))
                }
            }
        }
        flushLoose()
        // The one section called just "Instructions" or "Preparation" has no name worth
        // keeping; one of several ("Preparation", "Baking") names its part of the steps.
        if result.count == 1, let name = result[0].name, SectionWords.isSectionTitle(name) { result[0].name = nil }
        return result
    }
}

extension String {
    /// Without full stops and ellipses at either end ("Preheat the oven…"). Foundation's
    /// `trimmingCharacters(in:)` goes through NSString on Linux, once per step.
    fileprivate var withoutEllipsis: Substring {
        var core = Substring(self)
        while let first = core.first, first == "." || first == "…" { core = core.dropFirst() }
        while let last = core.last, last == "." || last == "…" { core = core.dropLast() }
        return core
    }
}
