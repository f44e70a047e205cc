import Foundation
import LarderCore
import LarderHTML
import Testing

/// Plain pages in the languages of most non-English recipe sites, titled with the words those
/// sites use for their sections.
struct SectionWordTests {
    @Test(arguments: [
        ("Die Zutaten", "Zubereitungsschritte"),
        ("Ingredienser", "Tilberedning"),
        ("Składniki", "Wykonanie"),
        ("Ingredientes", "Modo de preparação"),
        ("Ingredienti", "Istruzioni"),
        ("Ingrediënten", "Zo maak je het"),
        ("Les ingrédients", "Réalisation"),
        ("Ingredientes", "Procedimiento"),
        ("Ingredienser", "Så här gör du"),
    ])
    func theSectionsAreReadUnderTheirTitles(_ ingredients: String, _ method: String) throws {
        // The method before the ingredients, and lines that do not all open with an amount: only
        // the titles tell where each part is (a page whose titles are not known has no recipe,
        // or no steps).
        let page = """
        <html><head><title>Soup</title></head><body><h1>Soup</h1><p>A story about soup that goes on for a while.</p>
        <h2>\(method)</h2><p>Chop the onion and fry it in the oil until soft and golden, about ten minutes.</p>
        <p>Add the tomatoes and simmer for twenty minutes, then blend until smooth.</p>
        <h2>\(ingredients)</h2><ul><li>Salt</li><li>Pepper</li><li>1 onion</li><li>500 g tomatoes</li></ul>
        <h2>Comments</h2><ul><li>Lovely!</li><li>12 stars</li></ul></body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/soup"))
        #expect(recipe.ingredients.map(\.line) == ["Salt", "Pepper", "1 onion", "500 g tomatoes"])
        #expect(recipe.steps.count == 2, "\(method)")
        #expect(recipe.steps.first?.text.hasPrefix("Chop the onion") == true, "\(method)")
    }

    @Test func aMethodWordBesideALengthLabelsTheTimeAndALongTitleStillOpensTheMethod() throws {
        // "Preparación" is the word for the method and for its time: beside "35 m" it is the
        // time's label. The method is under a title that names the dish after the word.
        let page = """
        <html><head><title>Crema de calabaza</title></head><body><h1>Crema de calabaza</h1>
        <h2>Ingredientes</h2><ul><li>1 kg de calabaza</li><li>2 puerros</li><li>Sal</li></ul>
        <div class="row"><div class="title"><p>Preparación</p></div><div class="value"><p>35 m</p></div></div>
        <div class="row"><div class="title"><p>Cocinado</p></div><div class="value"><p>35 m</p></div></div>
        <h2>Elaboración de la crema de calabaza con Thermomix</h2>
        <p>Pela la calabaza, retírale las pepitas y córtala en dados de unos 4 centímetros.</p>
        <p>Lava los puerros y córtalos en rodajas; cuécelo todo 35 minutos y tritúralo.</p></body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/crema"))
        #expect(recipe.steps.count == 2)
        #expect(recipe.steps.first?.text.hasPrefix("Pela la calabaza") == true)
    }
}
