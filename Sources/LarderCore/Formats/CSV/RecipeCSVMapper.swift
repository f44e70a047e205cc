import Foundation

/// Recipes as spreadsheet rows, one per recipe, with a header naming the columns: Plan to
/// Eat's and My Recipe Box's exports, and any CSV whose header says which column is the title,
/// the ingredients and the directions. Columns are found by name, loosely (`Prep Time`,
/// `preparationTime`); those the model has no place for go to `extras` under their header.
public enum RecipeCSVMapper {
    /// Header names (folded by `CSVTable.key`) for each field, most specific first.
    enum Column {
        static let title = ["title", "name", "recipename", "recipetitle", "recipe"]
        static let description = ["description", "summary", "introduction"]
        static let ingredients = ["ingredients", "ingredientlist", "ingredient"]
        static let directions = ["directions", "instructions", "method", "steps", "preparation"]
        static let prep = ["preptime", "preparationtime", "prep"]
        static let cook = ["cooktime", "cookingtime", "cook"]
        static let total = ["totaltime", "readyin", "time"]
        static let servings = ["servings", "serves", "portions", "quantity"]
        static let yield = ["yield", "yields", "makes"]
        static let categories = ["categories", "category", "course", "courses"]
        static let cuisines = ["cuisine", "cuisines"]
        static let tags = ["tags", "keywords", "labels"]
        static let url = ["url", "sourceurl", "link", "originalurl", "source"]
        static let images = ["photourl", "imageurl", "originalpicture", "image", "photo", "picture"]
        static let notes = ["notes", "note", "comments"]
        static let rating = ["rating", "stars"]
        static let nutrition = ["nutrition", "nutritionalinfo", "nutritioninfo"]
        static let created = ["createdat", "created", "dateadded", "datecreated"]
        static let modified = ["updatedat", "modified", "datemodified", "dateupdated"]
        static let author = ["author", "recipeby"]
        /// Derived from another column.
        static let ignored = ["urlhost"]
    }

    /// A header with a title column and an ingredients or directions column.
    public static func looksLikeRecipeCSV(_ text: String) -> Bool {
        let firstLine = text.prefix(4096).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard let table = try? CSVTable.parse(firstLine) else { return false }
        let keys = Set(table.header.map(CSVTable.key))
        return keys.contains { Column.title.contains($0) }
            && keys.contains { Column.ingredients.contains($0) || Column.directions.contains($0) }
    }

    /// The app that wrote a recipe CSV (`.planToEat`, `.myRecipeBox`, else `.csv`), told by
    /// the columns of its header; nil when the text does not start with a recipe header.
    public static func origin(ofHeaderIn text: String) -> OriginKind? {
        guard looksLikeRecipeCSV(text) else { return nil }
        let firstLine = text.prefix(4096).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return (try? CSVTable.parse(firstLine)).map { origin(of: $0.header) }
    }

    /// The app that wrote a header, told by the columns only it has.
    static func origin(of header: [String]) -> OriginKind {
        let keys = Set(header.map(CSVTable.key))
        if keys.contains("mainingredient") || keys.contains("urlhost") || keys.contains("publicurl") { return .planToEat }
        if keys.contains("originalpicture") || keys.contains("inactivetime") { return .myRecipeBox }
        return .csv
    }

    /// Every row of a CSV text as a recipe, or why that row could not be one; a header that names no title column makes one failure for the file.
    public static func recipes(in text: String, context: MappingContext) -> [MappedRecipe] {
        let table: CSVTable
        do { table = try CSVTable.parse(text) } catch {
            return [MappedRecipe(label: context.input, result: .failure(.invalid("not readable CSV: \(ErrorText.describe(error))")))]
        }
        let keys = Set(table.header.map(CSVTable.key))
        guard keys.contains(where: { Column.title.contains($0) }) else {
            return [MappedRecipe(label: context.input, result: .failure(.noRecipe("the CSV header has no title column (\(table.header.prefix(6).joined(separator: ", ")))")))]
        }
        let origin = origin(of: table.header)
        let names = Dictionary(table.header.map { (CSVTable.key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var results = table.records.enumerated().map { index, record -> MappedRecipe in
            if let problem = rowProblem(table, row: index) {
                return MappedRecipe(label: "#\(index + 1) (line \(record.line))", result: .failure(.invalid(problem)))
            }
            let result = Result { try map(record.cells, headerNames: names, origin: origin, context: context) }.mapError(RecipeJSON.asMappingError)
            let title = (try? result.get())?.title
            return MappedRecipe(label: "#\(index + 1) " + (title ?? "(line \(record.line))"), result: result)
        }
        if let line = table.unclosedRowLine {
            results.append(MappedRecipe(label: "#\(results.count + 1) (line \(line))",
                                        result: .failure(.invalid("a quoted cell starting on line \(line) never closes, so every line after it was read into it: "
                                            + "close the quote (or the file is cut short)"))))
        }
        if results.isEmpty {
            results.append(MappedRecipe(label: context.input, result: .failure(.noRecipe("the CSV file has a header but no rows"))))
        }
        return results
    }

    /// Why a row cannot be read as its cells stand, which would lose part of it: a quote left
    /// open that read the next lines into it, or more filled cells than the header names (a
    /// comma inside an unquoted cell), whose extra cells belong to no column. Empty cells past
    /// the header (`a,b,c,,`, as spreadsheets write them) lose nothing.
    static func rowProblem(_ table: CSVTable, row index: Int) -> String? {
        let row = table.rows[index]
        if let quote = table.runawayQuoteLines[row.line] {
            return "the quote that opens a cell on line \(quote) is never closed where the cell ends, so the lines after it "
                + "(rows of their own) were read into this row: close the quote"
        }
        let filled = row.cells.lastIndex { !$0.trimmed.isEmpty }.map { $0 + 1 } ?? 0
        guard filled > table.header.count else { return nil }
        return "the row has \(filled) cells, the header names \(table.header.count): "
            + "a comma inside a cell needs quotes around the cell (\"Toast, then butter\")"
    }

    static func map(_ cells: [String: String], headerNames: [String: String], origin: OriginKind, context: MappingContext) throws -> Recipe {
        var used: Set<String> = Set(Column.ignored)
        func take(_ aliases: [String]) -> String? {
            for alias in aliases where !used.contains(alias) {
                guard let cell = cells[alias] else { continue }
                used.insert(alias)
                let trimmed = cell.trimmed
                if !trimmed.isEmpty { return trimmed }
            }
            return nil
        }
        guard let title = take(Column.title).map(FlatText.title), !title.isEmpty else { throw MappingError.missingField("title") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: origin)
        recipe.description = take(Column.description).map(TextCleaner.block)
        recipe.ingredientGroups = ingredientGroups(take(Column.ingredients) ?? "", origin: origin)
        let steps = StepSplitter.steps(from: take(Column.directions) ?? "")
        if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        recipe.times.prep = take(Column.prep).flatMap(duration)
        recipe.times.cook = take(Column.cook).flatMap(duration)
        recipe.times.total = take(Column.total).flatMap(duration)
        let servings = take(Column.servings)
        let yieldText = take(Column.yield)
        recipe.yield = (servings ?? yieldText).flatMap(YieldParser.parse)
        if servings != nil, let yieldText { recipe.extras[headerNames["yield"] ?? "yield"] = .string(yieldText) }
        recipe.categories = list(take(Column.categories))
        recipe.cuisines = list(take(Column.cuisines))
        recipe.tags = list(take(Column.tags))
        // Web addresses are told apart by what they point at, not only by their column: rows
        // of real exports slip by a cell (My Recipe Box's, when a recipe has tags), which puts
        // the page under the picture's header and the picture under an unnamed one.
        var pages: [String] = []
        var pictures: [String] = []
        var unsure: [String] = []
        for alias in Column.url + Column.images + [""] {
            guard let value = take([alias]) else { continue }
            if !WebAddress.isWebAddress(value) {
                if !alias.isEmpty { recipe.extras[headerNames[alias] ?? alias] = .string(value) }
            } else if isPictureAddress(value) {
                pictures.append(value)
            } else if Column.url.contains(alias) {
                pages.append(value)
            } else {
                unsure.append(value)
            }
        }
        // An address without a picture's extension under a picture header is the picture
        // unless the row has one elsewhere.
        if pictures.isEmpty { pictures = unsure } else { pages += unsure }
        recipe.images = pictures.map { RecipeImage(url: $0) }
        if let page = pages.first {
            recipe.provenance.sourceURL = page
            recipe.provenance.site = SourceURL.host(of: page)
        }
        recipe.provenance.author = take(Column.author).flatMap(TextCleaner.nonEmptyLine)
        recipe.notes = take(Column.notes).map { [TextCleaner.block($0)] } ?? []
        if let stars = take(Column.rating).flatMap(Double.init), stars > 0, stars <= 5 { recipe.rating = Rating(value: stars, best: 5) }
        if let text = take(Column.nutrition) { NutritionText.apply(text, to: &recipe) }
        recipe.dates.created = take(Column.created).flatMap(DateReader.fromString)
        recipe.dates.modified = take(Column.modified).flatMap(DateReader.fromString)
        for (key, value) in cells.sorted(by: { $0.key < $1.key }) where !used.contains(key) {
            let trimmed = value.trimmed
            guard !trimmed.isEmpty else { continue }
            // A nutrient in a column of its own (Plan to Eat's `Calories`, `Fat`, …).
            if let nutrient = NutritionNames.key(forLabel: headerNames[key] ?? key), recipe.nutrition[nutrient] == nil {
                recipe.nutrition[nutrient] = trimmed
            } else {
                recipe.extras[headerNames[key] ?? key] = .string(trimmed)
            }
        }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// Minutes when the cell is a bare number (what these apps write), else the words.
    static func duration(_ text: String) -> RecipeDuration? {
        if let minutes = Double(text) { return DurationParser.minutes(minutes) }
        return DurationParser.parse(text)
    }

    /// Apps separate list cells with commas or semicolons (`The main course;Italian`).
    static func list(_ text: String?) -> [String] {
        TextCleaner.uniqued(TextCleaner.list(text ?? "", separators: [",", ";"]))
    }

    /// An address whose path names a picture file (`….jpg?1628205591`).
    static func isPictureAddress(_ address: String) -> Bool {
        guard let path = URL(string: address)?.path.lowercased() else { return false }
        return ["jpg", "jpeg", "png", "webp", "gif", "avif"].contains((path as NSString).pathExtension)
    }

    /// Plan to Eat marks a group heading with a leading comma (`, Filling`): the line's
    /// amount and name columns are empty. Other apps' headings are found later, like any.
    static func ingredientGroups(_ text: String, origin: OriginKind) -> [IngredientGroup] {
        guard origin == .planToEat else { return FlatText.ingredientGroups(fromText: text) }
        var groups: [IngredientGroup] = []
        var current = IngredientGroup(ingredients: [])
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmed
            if line.hasPrefix(",") {
                if !current.ingredients.isEmpty || current.name != nil { groups.append(current) }
                current = IngredientGroup(name: TextCleaner.nonEmptyLine(String(line.dropFirst())), ingredients: [])
            } else {
                current.ingredients += FlatText.ingredientGroups(fromLines: [line]).flatMap(\.ingredients)
            }
        }
        if !current.ingredients.isEmpty { groups.append(current) }
        return groups
    }
}
