import Foundation
import LarderCore
import LarderHTML

/// Readers that several formats share: JSON of any dialect (the JSON formats differ in how
/// they are recognised and forced, not in how their JSON is read), saved pages, and the XML of
/// recipe apps, which the root element sends to the right mapper.
enum SharedReaders {
    /// The recipes of a JSON file, each object read by its keys unless `shape` forces one.
    static func json(_ file: RecipeFile, _ context: ReadContext, shape: JSONShape?) -> [FormatReader.Found] {
        let mapping = context.mapping
        let mapped = file.json.map { RecipeJSON.read($0, context: mapping, shape: shape) } ?? RecipeJSON.read(file.data, context: mapping, shape: shape)
        return mapped.map { ($0.label == context.input || $0.label == "recipe" ? nil : $0.label, $0.result) }
    }

    /// The recipes of a saved web page (a round-up page holds several).
    static func page(_ data: Data, _ context: ReadContext) -> [FormatReader.Found] {
        guard data.count <= context.limits.maxPageBytes else {
            let exceeded = InputLimits.Exceeded("a page", found: data.count, limit: context.limits.maxPageBytes, per: "page", unit: .bytes)
            return [(nil, .failure(.invalid(exceeded.description)))]
        }
        do {
            let recipes = try RecipeScraper.scrapeAll(html: data, url: context.pageURL, input: context.input, limits: context.limits)
            // A page of several recipes lists each under its title.
            return recipes.map { (recipes.count > 1 ? $0.title : nil, .success($0)) }
        } catch ScrapeError.noRecipe {
            return [(nil, .failure(.noRecipe(ScrapeError.noRecipeDetail)))]
        } catch {
            return [(nil, .failure(.invalid(ErrorText.describe(error))))]
        }
    }

    /// An XML file: an app's export (MasterCook, Gourmet, KRecipes; the root element says
    /// which), read one recipe at a time, or an XHTML page.
    static func appXML(_ file: RecipeFile, _ context: ReadContext, emit: FormatReader.Emit) {
        var isPage = false
        var unknownRoot: String?
        var elements: RecipeElements?
        streamed(file.data, dialect: .xml, context, emit: emit) { root in
            if root.name.lowercased() == "html" {
                isPage = true
                return nil
            }
            guard let found = RecipeXML.elements(forRoot: root.name) else {
                unknownRoot = root.name
                return nil
            }
            elements = found
            return found
        }
        if isPage {
            for found in page(file.data, context) { guard emit(found) else { return } }
        } else if let unknownRoot {
            let failure = RecipeXML.unknownRoot(unknownRoot, context: context.mapping)
            _ = emit((failure.label, failure.result))
        } else if elements == nil {
            _ = emit((nil, .failure(.invalid(ErrorText.describe(MarkupStream.ReadError.unreadable("the file has no root element"))))))
        }
    }

    /// An export that holds many recipes as elements of one kind (`RecipeElements`), read as a
    /// stream (`MarkupStream`): each recipe handed to `emit` as soon as its element ends. `app`
    /// decides from the root element which app's export it is; nil reads no further. A file
    /// that cannot be read at all, or goes over a limit before its first recipe, is one failure.
    static func streamed(_ data: Data, dialect: MarkupStream.Dialect, _ context: ReadContext, emit: FormatReader.Emit,
                         app: (MarkupNode) -> RecipeElements?) {
        var recipes: MarkupRecipes?
        var emitting = true
        func hand(_ ready: [MappedRecipe]) -> Bool {
            for mapped in ready where emitting {
                emitting = emit((mapped.label, mapped.result))
            }
            return emitting
        }
        let ending: MarkupStream.Ending
        do {
            ending = try MarkupStream.read(data, dialect: dialect, limits: context.limits, records: { root in
                guard let elements = app(root) else { return .none }
                recipes = MarkupRecipes(elements, context: context.mapping)
                switch elements.place {
                case .rootChildren(let name): return .children(named: name)
                case .anywhere(let matches): return .elements(matches)
                }
            }, keepGoing: context.keepGoing) { record in
                let problem = record.overLimit?.description
                    ?? record.problem.map { "the file breaks inside this recipe (line \($0.line): \($0.message))" }
                return hand(recipes?.add(record.node, problem: problem) ?? [])
            }
        } catch {
            _ = emit((nil, .failure(.invalid(ErrorText.describe(error)))))
            return
        }
        guard !ending.stopped, var recipes else { return }
        let unread = ending.overLimit.map { (why: $0.description, line: ending.stoppedAt ?? 0) }
        _ = hand(recipes.finish(problem: ending.problem.map { ($0.message, $0.line) }, unread: unread))
    }

    /// The recipes of a file that holds several, each under its label.
    static func mapped(_ read: () throws -> [MappedRecipe]) -> [FormatReader.Found] {
        do {
            return try read().map { ($0.label, $0.result) }
        } catch {
            return [(nil, .failure(.invalid(ErrorText.describe(error))))]
        }
    }

    /// One recipe from a file's text, failing alone.
    static func one(_ read: () throws -> Recipe) -> [FormatReader.Found] {
        [(nil, Result { try read() }.mapError(RecipeJSON.asMappingError))]
    }
}
