import Foundation

/// Paprika's recipe JSON (the content of a `.paprikarecipe`, gzip'd) ↔ Recipe. Paprika keeps
/// most fields as free text: ingredients and directions as one string each, times and servings
/// as words. Its own bookkeeping (`hash`, `photo_hash`, `difficulty`, `source`, …) goes to
/// `extras` and comes back out when the recipe is written as Paprika again.
public enum PaprikaMapper {
    /// Keys only Paprika writes, together: `uid` with `directions` as text, or its photo hashes.
    public static func isPaprika(_ object: [String: JSONValue]) -> Bool {
        if object["photo_hash"] != nil || object["nutritional_info"] != nil { return object["name"] != nil }
        return object["uid"] != nil && object["directions"]?.stringValue != nil && object["ingredients"]?.stringValue != nil
    }

    /// The recipe of one Paprika JSON object. Throws when it has no name.
    public static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        var reader = ObjectReader(object)
        guard let name = reader.takeString("name").map(FlatText.title), !name.isEmpty else {
            throw MappingError.missingField("name")
        }
        var recipe = Recipe(title: name)
        recipe.provenance = context.provenance(origin: .paprika, originalID: reader.takeString("uid"))
        if let url = reader.takeString("source_url").flatMap(WebAddress.init(trimming:))?.text {
            recipe.provenance.sourceURL = url
            recipe.provenance.site = SourceURL.host(of: url)
        } else if let source = object["source"]?.stringValue.flatMap(TextCleaner.nonEmptyLine) {
            // Without an address, `source` (a site's or a book's name) is where it came from.
            recipe.provenance.site = source
            reader.ignore("source")
        }
        // `source` names the site; one that only repeats the address's host says nothing more.
        if let site = recipe.provenance.site, let name = reader.object["source"]?.stringValue, sameSite(name, site) {
            reader.ignore("source")
        }
        recipe.description = reader.takeString("description").map(TextCleaner.block)
        recipe.yield = reader.takeString("servings").flatMap(YieldParser.parse)
        recipe.times.prep = reader.takeString("prep_time").flatMap(DurationParser.parse)
        recipe.times.cook = reader.takeString("cook_time").flatMap(DurationParser.parse)
        recipe.times.total = reader.takeString("total_time").flatMap(DurationParser.parse)
        recipe.categories = (reader.take("categories")?.listValue ?? []).compactMap { $0.stringValue.flatMap(TextCleaner.nonEmptyLine) }
        if let stars = reader.take("rating")?.doubleValue, stars > 0 { recipe.rating = Rating(value: stars, best: 5) }
        recipe.notes = reader.takeString("notes").map { [TextCleaner.block($0)] } ?? []
        recipe.dates.created = reader.take("created").flatMap(DateReader.read)
        // Nutrition is one text field, in whatever shape the user or a site gave it
        // (`Calories: 250`, a table copied onto one line, the `calories: 250 kcal` lines
        // Larder writes): read into the model so it shows.
        if let info = reader.takeString("nutritional_info") {
            NutritionText.apply(info, to: &recipe)
        }
        recipe.ingredientGroups = FlatText.ingredientGroups(fromText: reader.takeString("ingredients") ?? "")
        let steps = StepSplitter.steps(from: reader.takeString("directions") ?? "")
        if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        // The embedded photo first: it is what Paprika shows; `image_url` is where it came from.
        if let encoded = reader.takeString("photo_data"), let bytes = Base64Image.decode(encoded) {
            recipe.images.append(RecipeImage(mediaType: ImageBytes.mediaType(of: bytes), embeddedData: bytes))
        }
        if let url = reader.takeString("image_url").flatMap(WebAddress.init(trimming:))?.text {
            recipe.images.append(RecipeImage(url: url))
        }
        // Paprika's books: hashes derived from what is written out again, and the names its
        // database gave the photo read above.
        reader.ignore("hash", "photo_hash", "photo", "photo_large")
        recipe.extras.merge(reader.filledLeftovers) { kept, _ in kept }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// `Onceuponachef.com` and `www.onceuponachef.com`: one site, case and `www.` aside.
    static func sameSite(_ name: String, _ host: String) -> Bool {
        func folded(_ text: String) -> String {
            let lower = text.trimmed.lowercased()
            return lower.hasPrefix("www.") ? String(lower.dropFirst(4)) : lower
        }
        return !name.trimmed.isEmpty && folded(name) == folded(host)
    }

    /// The Paprika JSON of a recipe. `photo` is the picture to embed (its bytes), chosen by the
    /// caller, which knows where the library keeps files.
    /// What a Paprika recipe has no place for, or holds in part (`FormatWriter.noPlaceFor`).
    public static let noPlaceFor: [RecipeField: String] = [
        .cuisines: "Paprika has no cuisine", .tags: "Paprika has no tags", .diets: "Paprika has no diets",
        .author: "Paprika has no author",
        .rating: "Paprika keeps whole stars of five, and no count",
        .dateModified: "Paprika keeps the date created only", .datePublished: "Paprika keeps the date created only",
        .datesCooked: "Paprika keeps the date created only",
        .pictures: "Paprika keeps one photo", .pictureAddresses: "Paprika keeps one picture address",
        .instructionSections: "the directions are one text; a section's name is a line of it",
        .steps: "the directions are one text; a section's name is a line of it",
        .stepTitles: "the directions are one text", .stepPictures: "the directions are one text",
        .ingredientAmounts: "the ingredients are one text, whose amounts are read again from their words",
        .ingredientNames: "the ingredients are one text, whose names are read again from their words",
        .optionalMarks: "the ingredients are one text, with no marks",
        .ingredientGroups: "the ingredients are one text; a group's name is a line of it, so a group without a name after one with a name joins it",
        .sourceAppFields: "only a recipe read from Paprika keeps its other keys",
    ]

    /// The Paprika JSON of `recipe`, with `photo` (a picture's bytes) as its base64 photo when there is one.
    public static func object(for recipe: Recipe, photo: [UInt8]?) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if recipe.provenance.origin == .paprika {
            for (key, value) in recipe.extras { object[key] = value }
        }
        func text(_ key: String, _ value: String?) { object[key] = .string(value ?? "") }
        object["uid"] = .string(uid(for: recipe))
        text("name", recipe.title)
        text("description", recipe.description)
        text("ingredients", FlatText.ingredientLines(recipe.ingredientGroups).joined(separator: "\n"))
        text("directions", FlatText.stepLines(recipe.instructionSections).joined(separator: "\n"))
        text("notes", recipe.notes.isEmpty ? nil : recipe.notes.joined(separator: "\n\n"))
        text("servings", FlatText.yield(recipe.yield))
        text("prep_time", FlatText.duration(recipe.times.prep))
        text("cook_time", FlatText.duration(recipe.times.cook))
        text("total_time", FlatText.duration(recipe.times.total))
        object["categories"] = .array(recipe.categories.map(JSONValue.string))
        object["rating"] = .number(recipe.rating.map(stars) ?? 0)
        text("source_url", WebLink.source(of: recipe))
        if object["source"] == nil { text("source", recipe.provenance.site) }
        text("image_url", WebLink.imageAddresses(of: recipe).first)
        if object["nutritional_info"] == nil {
            text("nutritional_info", recipe.nutrition.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
        }
        text("created", recipe.dates.created.map(createdText))
        if let photo {
            object["photo_data"] = .string(Data(photo).base64EncodedString())
            object["photo_hash"] = .string(SHA256.hex(photo))
            if object["photo"] == nil { text("photo", uid(for: recipe) + "." + ImageBytes.fileExtension(for: ImageBytes.mediaType(of: photo))) }
        } else {
            object["photo_data"] = .null
            object["photo"] = nil
            object["photo_hash"] = nil
        }
        for key in ["difficulty", "source", "photo"] where object[key] == nil { object[key] = .string("") }
        object["photo_large"] = object["photo_large"] ?? .null
        object["photos"] = object["photos"] ?? .array([])
        object["hash"] = .string(contentHash(of: object))
        return object
    }

    /// Paprika's own id when the recipe came from Paprika; otherwise one made from Larder's id,
    /// so exporting twice gives the same uid and Paprika updates instead of duplicating.
    static func uid(for recipe: Recipe) -> String {
        if recipe.provenance.origin == .paprika, let uid = recipe.provenance.originalID { return uid }
        let hex = Array(SHA256.hex("larder:" + recipe.id).uppercased())
        func part(_ range: Range<Int>) -> String { String(hex[range]) }
        return [part(0..<8), part(8..<12), part(12..<16), part(16..<20), part(20..<32)].joined(separator: "-")
    }

    /// Paprika compares `hash` to tell whether a recipe changed on sync.
    static func contentHash(of object: [String: JSONValue]) -> String {
        var text = ""
        for key in object.keys.sorted() where key != "hash" && key != "photo_data" {
            text += key + "\u{1F}" + (object[key]?.stringValue ?? "\(object[key]!)") + "\u{1E}"
        }
        return SHA256.hex(text)
    }

    /// `2014-07-03 08:05:58`: Paprika's local time without a zone; written in UTC, read as UTC.
    static func createdText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    /// Paprika's rating: whole stars of five (0 is no rating).
    public static func stars(_ rating: Rating) -> Double {
        min(5, max(0, (rating.value * 5 / (rating.best ?? 5)).rounded()))
    }
}
