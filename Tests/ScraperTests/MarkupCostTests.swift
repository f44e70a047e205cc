import Foundation
import LarderCore
import LarderHTML
import Testing

/// The shapes on which libxml2 2.9.14 spends more than linear time (issue 31), refused before it
/// reads them with the limit named, in pages and in XML exports alike; and the charset a page's
/// bytes fit, so that the check counts what libxml2 will parse.
struct MarkupCostTests {
    static let recipe = """
    <h1>Toast</h1><h2>Ingredients</h2><ul><li>2 slices bread</li><li>1 tbsp butter</li></ul>
    <h2>Instructions</h2><ol><li>Toast the bread.</li></ol>
    """

    func page(_ body: String) -> Data {
        Data(("<html><head><title>Toast</title></head><body>" + body + Self.recipe + "</body></html>").utf8)
    }

    func refusal(_ data: Data, limits: InputLimits = .standard) -> String? {
        do {
            _ = try RecipeScraper.scrape(html: data, url: nil, limits: limits)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// One element with 100,000 attributes took 19 s in libxml2; past 256 the page is refused
    /// before libxml2 sees it, saying how many there are. Real pages have up to about 90.
    @Test func anElementWithTooManyAttributesIsRefusedNamingTheLimit() throws {
        let many = "<p " + (0..<5_000).map { "a\($0)" }.joined(separator: " ") + ">x</p>"
        let why = try #require(refusal(page(many)))
        #expect(why.contains("5,000 attributes on one element, over Larder's limit of 256 per element"), "\(why)")
        // Values of any kind, and names past 100 characters (libxml2 begins another attribute).
        let quoted = "<p " + (0..<300).map { "a\($0)='x > y'" }.joined(separator: " ") + ">x</p>"
        #expect(refusal(page(quoted))?.contains("300 attributes") == true)
        let long = "<p " + String(repeating: "abcdefghij", count: 3_000) + ">x</p>"
        #expect(refusal(page(long))?.contains("attributes on one element") == true)
        let fine = "<p " + (0..<200).map { "data-a\($0)=\"1\"" }.joined(separator: " ") + ">x</p>"
        #expect(refusal(page(fine)) == nil)
        #expect(try RecipeScraper.scrape(html: page(fine), url: nil).title == "Toast")
    }

    /// The attributes cannot hide from the count where libxml2 reads on: after a bogus quote,
    /// an end tag without a name, a processing instruction without a target, or a `<!` that is
    /// no comment.
    @Test func attributesLibxml2ReadsAreCountedWhereverTheyStand() {
        let attack = "<p " + (0..<400).map { "a\($0)" }.joined(separator: " ") + ">x</p>"
        for before in ["<p \"x ", "</ ", "<? ", "<!x ", "<div \"open"] {
            #expect(refusal(page(before + attack))?.contains("400 attributes") == true, "after \(before)")
        }
    }

    /// A million different element names took 33 s: libxml2's dictionary stops growing.
    @Test func tooManyDifferentNamesAreRefused() {
        let names = (0..<10_001).map { "<e\($0)>" }.joined()
        #expect(refusal(page(names))?.contains("more than 10,000 different names") == true)
        let entities = (0..<10_001).map { "&x\($0);" }.joined()
        #expect(refusal(page(entities))?.contains("different names") == true)
        #expect(refusal(page(String(repeating: "<e1>a</e1><e2>b</e2>", count: 10_000))) == nil)
    }

    /// Each error libxml2 reports costs it a formatted message: 5 million stray end tags took
    /// 2 s on those alone, with a lookup through all open elements each. Past one error per 32
    /// bytes (and 10,000) the parse stops and the page is refused.
    @Test func aPageOfErrorsIsRefusedOnceOverItsBudget() {
        let strays = String(repeating: "<div>", count: 200) + String(repeating: "</p>", count: 30_000)
        let why = refusal(page(strays))
        #expect(why?.contains("markup errors") == true, "\(why ?? "")")
        #expect(refusal(page(String(repeating: "</p>", count: 2_000))) == nil, "a few thousand errors are a real page's")
    }

    /// A page in UTF-16 is checked after it is made UTF-8: its bytes for `<` and ` ` are others.
    @Test func aPageInUTF16IsCheckedAsWellAsRead() throws {
        let attack = "<p " + (0..<400).map { "a\($0)" }.joined(separator: " ") + ">x</p>"
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(String(decoding: page(attack), as: UTF8.self).data(using: .utf16LittleEndian)!)
        #expect(refusal(utf16)?.contains("400 attributes") == true)
        var fine = Data([0xFF, 0xFE])
        fine.append(String(decoding: page(""), as: UTF8.self).data(using: .utf16LittleEndian)!)
        #expect(try RecipeScraper.scrape(html: fine, url: nil).title == "Toast")
    }

    /// A page whose `<meta>` names a charset its bytes do not fit (Shift_JIS, for UTF-8 bytes
    /// with an emoji) was cut at the first byte libxml2 could not convert: "no recipe found".
    /// The label that fits the bytes is taken.
    @Test func aCharsetThatDoesNotFitTheBytesIsPassedOver() throws {
        let html = "<html><head><meta charset=\"shift_jis\"><title>Crème brûlée</title></head><body><h1>Crème brûlée 🍮</h1>"
            + "<h2>Ingredients</h2><ul><li>2 cups crème</li><li>4 eggs</li></ul><h2>Instructions</h2><ol><li>Bake — slowly.</li></ol></body></html>"
        let recipe = try RecipeScraper.scrape(html: Data(html.utf8), url: nil, contentType: "text/html; charset=utf-8")
        #expect(recipe.title == "Crème brûlée 🍮")
        #expect(recipe.ingredients.map(\.line) == ["2 cups crème", "4 eggs"])
        #expect(recipe.steps.map(\.text) == ["Bake — slowly."])
        // Without a header either: the bytes are UTF-8.
        #expect(try RecipeScraper.scrape(html: Data(html.utf8), url: nil).steps.map(\.text) == ["Bake — slowly."])
    }

    // MARK: - XML

    func readXML(_ xml: String, limits: InputLimits = .standard) throws -> (records: [MarkupStream.Record], ending: MarkupStream.Ending) {
        var records: [MarkupStream.Record] = []
        let ending = try MarkupStream.read(Data(xml.utf8), dialect: .xml, limits: limits, records: { _ in .children(named: "recipe") }) {
            records.append($0)
            return true
        }
        return (records, ending)
    }

    func xmlRefusal(_ xml: String) -> String? {
        do {
            _ = try readXML(xml)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func anXMLElementWithTooManyAttributesIsRefused() {
        let tag = "<recipe " + (0..<1_000).map { "a\($0)=\"\"" }.joined(separator: " ") + "><title>Soup</title></recipe>"
        #expect(xmlRefusal("<gourmetDoc>\(tag)</gourmetDoc>")?.contains("1,000 attributes on one element") == true)
        // In XML a `<` inside a value ends the tag: what follows is read as a tag, and counted.
        let hidden = "<gourmetDoc><x a=\"<recipe " + (0..<300).map { "b\($0)=\"\"" }.joined(separator: " ") + "/>\"/></gourmetDoc>"
        #expect(xmlRefusal(hidden)?.contains("300 attributes") == true)
    }

    /// Every prefixed name is looked up through all the namespaces in scope: 200 levels of 256
    /// declarations each over a file of prefixed elements is hours.
    @Test func tooManyNamespacesInScopeAreRefused() {
        let levels = (0..<20).map { level in "<n\(level) " + (0..<10).map { "xmlns:p\(level)x\($0)=\"urn:\(level)-\($0)\"" }.joined(separator: " ") + ">" }.joined()
        let why = xmlRefusal("<gourmetDoc>\(levels)<p0x0:a/></gourmetDoc>")
        #expect(why?.contains("namespace declarations in scope") == true, "\(why ?? "")")
        let siblings = (0..<20).map { level in "<n " + (0..<10).map { "xmlns:p\($0)=\"urn:\(level)-\($0)\"" }.joined(separator: " ") + "/>" }.joined()
        #expect(xmlRefusal("<gourmetDoc>\(siblings)</gourmetDoc>") == nil, "declarations of closed elements are out of scope")
    }

    /// The DTD inside a file is not read: an enumeration of 50,000 values took libxml2 5.6 s,
    /// 4,000 default attributes 39 s. A reference to an entity it declared is left out, as any
    /// other, and the file stays well-formed.
    @Test func theDTDInsideAFileIsNeverRead() throws {
        let values = (0..<50_000).map { "v\($0)" }.joined(separator: "|")
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE gourmetDoc [\n<!ATTLIST recipe kind (\(values)) #IMPLIED>\n<!ENTITY brand \"Acme\">\n]>\n"
            + "<gourmetDoc><recipe><title>Soup &brand;</title></recipe></gourmetDoc>"
        let started = ContinuousClock.now
        let (records, ending) = try readXML(xml)
        #expect(ContinuousClock.now - started < .seconds(2), "the enumeration was not parsed")
        #expect(ending.problem == nil)
        #expect(records.map { $0.node.value("title") } == ["Soup"])
        #expect(records.first?.problem == nil)
        #expect(records.first?.node.line == 6, "lines are those of the file")
    }

    /// An export of a thousand recipes is handed over one recipe at a time: the reader can stop
    /// after the first, and nothing after it is read (the broken end is never reached).
    @Test func recipesAreHandedOverAsTheyEnd() throws {
        let xml = "<gourmetDoc>" + String(repeating: "<recipe><title>Soup</title></recipe>", count: 1_000) + "<broken"
        var seen = 0
        let ending = try MarkupStream.read(Data(xml.utf8), dialect: .xml, records: { _ in .children(named: "recipe") }) { _ in
            seen += 1
            return false
        }
        #expect(seen == 1)
        #expect(ending.stopped)
        #expect(ending.problem == nil)
        var asked = 0
        let cancelled = try MarkupStream.read(Data(xml.utf8), dialect: .xml, records: { _ in .children(named: "recipe") },
                                              keepGoing: { asked += 1; return asked < 10 }) { _ in true }
        #expect(cancelled.stopped, "a stop request is honoured in the middle of the file")
    }

    /// A record is held whole while it is read: one of more elements than the limit fails alone.
    @Test func aRecipeOfTooManyElementsFailsAlone() throws {
        var limits = InputLimits()
        limits.maxRecipeElements = 50
        let xml = "<gourmetDoc><recipe><title>Big</title>" + String(repeating: "<x/>", count: 100) + "</recipe><recipe><title>Small</title></recipe></gourmetDoc>"
        let (records, _) = try readXML(xml, limits: limits)
        #expect(records.count == 2)
        #expect(records.first?.overLimit?.description.contains("more than 50 elements") == true)
        #expect(records.last?.overLimit == nil)
        #expect(records.last?.node.value("title") == "Small")
    }
}
