import Foundation
import LarderCore

/// Collects recipes as they reach the cookbook sink and assembles the book: recipes filed under
/// their first category (the ones without one last, under "Uncategorized"), sorted by title
/// within it, numbered in reading order, each in the table of contents exactly once.
struct CookbookBuilder {
    static let uncategorized = "Uncategorized"

    private var recipes: [RecipeView] = []
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
        recipes.append(RecipeView(
            anchor: uniqueAnchor("recipe-" + Slug.make(recipe.id)),
            number: 0,
            title: recipe.title,
            category: category ?? Self.uncategorized,
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
            source: recipe.provenance.sourceURL.map { SourceView(text: $0, href: WebLink.http($0)) }
        ))
    }

    func build(options: CookbookOptions) -> CookbookView {
        let byCategory = Dictionary(grouping: recipes, by: \.category)
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
            for var recipe in inCategory {
                recipe.number = ordered.count + 1
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
            categories: categories,
            recipes: ordered
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
