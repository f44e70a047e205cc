import Foundation
import LarderCore
import LarderKit
import Testing

/// A duplicate is the same recipe: an address the recipes share is not enough.
struct DedupeStageTests {
    func recipe(_ title: String, _ lines: [String], url: String?, steps: [String] = ["Cook it."]) -> Recipe {
        var recipe = Recipe(title: title, provenance: Provenance(sourceURL: url),
                            ingredientGroups: [IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })],
                            instructionSections: [InstructionSection(steps: steps.map { Step(text: $0) })])
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    func kept(_ decision: StageDecision) -> Recipe? {
        if case .keep(let recipe) = decision { return recipe }
        return nil
    }

    @Test func differentDishesThatClaimOneAddressAreKept() throws {
        let dedupe = DedupeStage()
        for url in ["https://example.org/recipes/of-the-week", "http://example.org/"] {
            let soup = recipe("Lentil soup \(url)", ["200 g lentils", "1 onion", "1 l stock"], url: url)
            let bread = recipe("Flatbread \(url)", ["250 g flour", "150 g yogurt", "1 tsp salt"], url: url)
            #expect(kept(try dedupe.apply(soup)) != nil)
            #expect(kept(try dedupe.apply(bread)) != nil, "\(url)")
        }
    }

    /// The same page read again, after the site edited it: one line changed, or the title
    /// reworded. It is skipped as the stored one, and the skip names that one's id.
    @Test func theSameRecipeEditedAtItsAddressIsADuplicate() throws {
        let dedupe = DedupeStage()
        let url = "https://example.org/soup"
        let first = recipe("Lentil soup", ["200 g lentils", "1 onion", "1 l stock", "1 tsp salt"], url: url)
        #expect(kept(try dedupe.apply(first)) != nil)
        let reworded = recipe("Easy lentil soup", ["200 g lentils", "1 onion", "1 l stock", "1 tsp sea salt"], url: url + "?utm_source=feed")
        guard case .skipAsDuplicate(let existing, let reason) = try dedupe.apply(reworded) else {
            Issue.record("a reworded recipe at its address was kept as another")
            return
        }
        #expect(existing == first.id)
        #expect(reason.contains("same source URL"))
        let lineChanged = recipe("Lentil soup", ["300 g lentils", "2 onions", "1 l water"], url: url)
        guard case .skipAsDuplicate(first.id, _) = try dedupe.apply(lineChanged) else {
            Issue.record("the same title at its address was kept as another")
            return
        }
    }

    /// Two short dishes at one address that share a line (`2 eggs`) are two recipes: half of
    /// two lines is one line, which says little. The same short dish with its title reworded
    /// is still one.
    @Test func shortDishesThatShareALineAtOneAddressAreKept() throws {
        let dedupe = DedupeStage()
        let url = "https://example.org/recipes/of-the-day"
        let omelette = recipe("Cheese omelette", ["2 eggs", "30 g cheese"], url: url)
        let pancakes = recipe("Banana pancakes", ["2 eggs", "1 banana"], url: url)
        #expect(kept(try dedupe.apply(omelette)) != nil)
        #expect(kept(try dedupe.apply(pancakes)) != nil, "a short dish sharing one line with another was dropped")
        let reworded = recipe("Quick cheese omelette", ["2 eggs", "40 g cheese"], url: url)
        guard case .skipAsDuplicate(omelette.id, _) = try dedupe.apply(reworded) else {
            Issue.record("the same short dish, its title reworded, was kept as another")
            return
        }
    }

    /// With `--on-duplicate update`, the edited recipe replaces the stored one (takes its id);
    /// a different dish at the same address is stored beside it.
    @Test func anUpdateReplacesOnlyTheSameRecipe() throws {
        let dedupe = DedupeStage(policy: .update)
        let url = "https://example.org/recipes/of-the-week"
        let soup = recipe("Lentil soup", ["200 g lentils", "1 onion", "1 l stock"], url: url)
        _ = try dedupe.apply(soup)
        let edited = recipe("Lentil soup", ["200 g lentils", "1 red onion", "1 l stock"], url: url)
        #expect(kept(try dedupe.apply(edited))?.id == soup.id)
        let bread = recipe("Flatbread", ["250 g flour", "150 g yogurt"], url: url)
        let keptBread = try #require(kept(try dedupe.apply(bread)))
        #expect(keptBread.id != soup.id)
    }

    /// A site's home page is no recipe's address: ids are not made from it.
    @Test func aSiteHomePageIsNoIdentity() {
        for root in ["http://example.org/", "https://EXAMPLE.org", "https://example.org/index.html", "https://example.org/#top"] {
            #expect(SourceURL.isSiteRoot(root), "\(root)")
            #expect(SourceURL.identity(root) == nil)
        }
        for page in ["https://example.org/soup", "https://example.org/?p=123", "https://example.org/recipes/index.html"] {
            #expect(!SourceURL.isSiteRoot(page), "\(page)")
            #expect(SourceURL.identity(page) != nil)
        }
        let soup = recipe("Soup", ["1 onion"], url: "http://example.org/")
        let otherSoup = recipe("Soup", ["2 leeks"], url: "http://example.org/")
        #expect(soup.id != otherSoup.id)
    }
}
