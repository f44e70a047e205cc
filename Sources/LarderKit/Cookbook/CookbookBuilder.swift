import Foundation
import LarderCore

/// Collects recipes as they reach the cookbook sink and assembles the book: recipes filed under
/// their first category (the ones without one last, under "Uncategorized"; see `BookOrder`),
/// sorted by title within it, numbered in reading order, each in the table of contents exactly once, and in the
/// index under its title and its main ingredients.
struct CookbookBuilder {
    static let uncategorized = BookOrder.uncategorized

    private var recipes: [RecipeView] = []
    private var indexTerms: [String: [MainIngredients.Term]] = [:]
    private var usedAnchors: Set<String> = []

    var count: Int { recipes.count }

    /// `image` is the `src` of the recipe's picture, already resolved by the sink (nil: none).
    mutating func add(_ recipe: Recipe, imageSource image: String?) {
        let facts = RecipeFacts.of(recipe).map { FactView(label: $0.label, value: $0.value) }
        let groups = recipe.ingredientGroups.filter { !$0.ingredients.isEmpty }.map { group in
            IngredientGroupView(groupName: group.name, ingredients: group.ingredients.map { ingredient in
                let columns = IngredientColumns.split(ingredient.line)
                return IngredientView(amount: columns.amount, item: columns.item, line: ingredient.line)
            })
        }
        let sections = recipe.instructionSections.filter { !$0.steps.isEmpty }.map { section in
            InstructionSectionView(sectionName: section.name, steps: section.steps.enumerated().map { index, step in
                StepView(number: index + 1, stepName: step.name, text: step.text)
            })
        }
        let notes = recipe.notes.filter { !$0.isEmpty }.map(TextView.init)
        let nutrition = recipe.nutrition.keys.sorted().map { FactView(label: NutritionNames.label(for: $0), value: recipe.nutrition[$0]!) }
        let category = recipe.categories.first { !$0.isEmpty }
        let anchor = uniqueAnchor("recipe-" + Slug.make(recipe.id))
        indexTerms[anchor] = MainIngredients.of(recipe)
        recipes.append(RecipeView(
            anchor: anchor,
            number: 0,
            title: recipe.title,
            category: category ?? Self.uncategorized,
            startsChapter: false,
            shownCategory: category,
            cuisine: recipe.cuisines.first { !$0.isEmpty },
            description: recipe.description.flatMap { $0.isEmpty ? nil : $0 },
            image: image.map { ImageView(src: $0, alt: recipe.title) },
            hasFacts: !facts.isEmpty, facts: facts,
            hasIngredients: !groups.isEmpty, ingredientGroups: groups,
            hasSteps: !sections.isEmpty, instructionSections: sections,
            hasNotes: !notes.isEmpty, notes: notes,
            hasNutrition: !nutrition.isEmpty, nutrition: nutrition,
            author: recipe.provenance.author,
            source: recipe.provenance.sourceURL.map { SourceView(text: PrintedSource.short($0), address: $0, href: PrintedSource.link($0)) }
        ))
    }

    /// The book: chapters and recipes in `BookOrder`, each recipe numbered in reading order.
    func build(options: CookbookOptions) -> CookbookView {
        let chapters = BookOrder.groups(recipes, by: \.shownCategory, unnamed: Self.uncategorized)
        var ordered: [RecipeView] = []
        var categories: [CategoryView] = []
        var usedCategoryAnchors: Set<String> = []
        for chapter in chapters {
            let inCategory = chapter.items.sorted { a, b in
                a.title == b.title ? a.anchor < b.anchor : BookOrder.precedes(a.title, b.title)
            }
            var entries: [TOCEntryView] = []
            for (position, var recipe) in inCategory.enumerated() {
                recipe.number = ordered.count + 1
                recipe.category = chapter.name
                recipe.startsChapter = position == 0
                ordered.append(recipe)
                entries.append(TOCEntryView(title: recipe.title, anchor: recipe.anchor, number: recipe.number))
            }
            var anchor = "category-" + Slug.make(chapter.name)
            while !usedCategoryAnchors.insert(anchor).inserted { anchor += "-x" }
            categories.append(CategoryView(categoryName: chapter.name, anchor: anchor, count: entries.count, entries: entries))
        }
        return CookbookView(
            title: options.title,
            subtitle: options.subtitle.flatMap { $0.isEmpty ? nil : $0 },
            date: YAMLText.day(options.date),
            recipeCount: ordered.count,
            recipeCountText: ordered.count == 1 ? "1 recipe" : "\(ordered.count) recipes",
            pageSize: options.pageSize.css,
            paper: options.pageSize.typstPaper,
            generator: "larder \(LarderVersion.current)",
            keywords: chapters.map(\.name).filter { $0 != Self.uncategorized }.joined(separator: ", "),
            categories: categories,
            recipes: ordered,
            hasIndex: !ordered.isEmpty,
            index: CookbookIndex.build(ordered.map { ($0, indexTerms[$0.anchor] ?? []) })
        )
    }

    /// Anchors are ASCII slugs, so they are valid ids and fragment links whatever the recipe id.
    private mutating func uniqueAnchor(_ base: String) -> String {
        var anchor = base
        var counter = 2
        while !usedAnchors.insert(anchor).inserted {
            anchor = "\(base)-\(counter)"
            counter += 1
        }
        return anchor
    }
}
