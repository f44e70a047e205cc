import Foundation
import LarderCore

/// Collects recipes as they reach the cookbook sink and assembles the book: recipes filed under
/// their first category (the ones without one last, under "Uncategorized"), sorted by title
/// within it, numbered in reading order, each in the table of contents exactly once, and in the
/// index under its title and its main ingredients.
struct CookbookBuilder {
    static let uncategorized = "Uncategorized"

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
            layout: nil,
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

    /// Whether the recipe with this anchor has a picture (only those can set it beside).
    func hasImage(_ anchor: String) -> Bool {
        recipes.contains { $0.anchor == anchor && $0.image != nil }
    }

    /// The book; `layouts` gives recipes (by anchor) a layout other than the usual one,
    /// `pagedMedia` says the PDF engine renders it, and `only` (anchors) keeps a part of the
    /// book, for measuring some recipes alone.
    func build(options: CookbookOptions, layouts: [String: RecipeLayout] = [:], pagedMedia: Bool = false,
               only: Set<String>? = nil) -> CookbookView {
        let byCategory = Dictionary(grouping: only.map { kept in recipes.filter { kept.contains($0.anchor) } } ?? recipes, by: \.category)
        let categoryNames = byCategory.keys.sorted { a, b in
            // "Uncategorized" last; the rest in the order people read lists.
            (a == Self.uncategorized) != (b == Self.uncategorized)
                ? b == Self.uncategorized
                : a.localizedStandardCompare(b) == .orderedAscending
        }
        var ordered: [RecipeView] = []
        var categories: [CategoryView] = []
        var usedCategoryAnchors: Set<String> = []
        for name in categoryNames {
            let inCategory = byCategory[name]!.sorted { ($0.title.lowercased(), $0.anchor) < ($1.title.lowercased(), $1.anchor) }
            var entries: [TOCEntryView] = []
            for (position, var recipe) in inCategory.enumerated() {
                recipe.number = ordered.count + 1
                recipe.startsChapter = position == 0
                recipe.layout = layouts[recipe.anchor]?.cssClass
                ordered.append(recipe)
                entries.append(TOCEntryView(title: recipe.title, anchor: recipe.anchor, number: recipe.number))
            }
            var anchor = "category-" + Slug.make(name)
            while !usedCategoryAnchors.insert(anchor).inserted { anchor += "-x" }
            categories.append(CategoryView(categoryName: name, anchor: anchor, count: entries.count, entries: entries))
        }
        return CookbookView(
            title: options.title,
            subtitle: options.subtitle.flatMap { $0.isEmpty ? nil : $0 },
            date: YAMLText.day(options.date),
            recipeCount: ordered.count,
            recipeCountText: ordered.count == 1 ? "1 recipe" : "\(ordered.count) recipes",
            pageSize: options.pageSize.css,
            generator: "larder \(LarderVersion.current)",
            keywords: categoryNames.filter { $0 != Self.uncategorized }.joined(separator: ", "),
            pagedMedia: pagedMedia,
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
