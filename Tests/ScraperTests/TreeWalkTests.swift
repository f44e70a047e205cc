import Foundation
import LarderCore
import LarderHTML
import Testing

/// The one tree walk (`HTMLWalk.swift`) that the scraper, `HTMLElement.text`, the section reader
/// and `MarkupReader` all go through: what it visits, in which order, and where it stops.
struct TreeWalkTests {
    static let page = """
        <html><body>
        <div id="recipe"><h2>Ingredients</h2><!-- a comment --><ul><li>1 egg</li><li>2 <b>cups</b> milk</li></ul></div>
        <p>Whisk <i>well</i>.</p><footer>Footer</footer>
        </body></html>
        """

    /// What a walk saw, as `name@depth` for elements, `"text"` for text runs and `/name` when it
    /// left an element.
    static func trace(_ element: HTMLElement, texts: Bool = true, step: (HTMLNode) -> WalkStep = { _ in .enter }) -> [String] {
        var seen: [String] = []
        element.walk(texts: texts, leave: { seen.append("/" + $0.name) }) { node in
            if let text = node.text {
                let words = text.string.trimmingCharacters(in: .whitespacesAndNewlines)
                if !words.isEmpty { seen.append("\"\(words)\"") }
            } else {
                seen.append("\(node.name)@\(node.depth)")
            }
            return step(node)
        }
        return seen
    }

    @Test func aWalkBelowAnElementGoesInDocumentOrderAndLeavesEachElementAfterItsInsides() throws {
        let document = try HTMLDocument(html: Self.page)
        let recipe = try #require(document.elements(matching: "//div[@id='recipe']").first)
        #expect(Self.trace(recipe) == [
            "h2@1", "\"Ingredients\"", "/h2",
            "ul@1", "li@2", "\"1 egg\"", "/li", "li@2", "\"2\"", "b@3", "\"cups\"", "/b", "\"milk\"", "/li", "/ul",
        ])
        #expect(Self.trace(recipe, texts: false) == ["h2@1", "/h2", "ul@1", "li@2", "/li", "li@2", "b@3", "/b", "/li", "/ul"])
    }

    @Test func aSkippedElementsInsidesAreLeftOutAndAStopEndsTheWalk() throws {
        let document = try HTMLDocument(html: Self.page)
        let recipe = try #require(document.elements(matching: "//div[@id='recipe']").first)
        #expect(Self.trace(recipe, texts: false) { $0.isNamed("ul") ? .skip : .enter } == ["h2@1", "/h2", "ul@1"])
        #expect(Self.trace(recipe, texts: false) { $0.isNamed("li") ? .stop : .enter } == ["h2@1", "/h2", "ul@1", "li@2"])
    }

    /// The section reader reads on from a title past the end of the element around it, as a
    /// reader's eye goes down the page; the ancestors it climbs out of are not visited.
    @Test func anOnwardWalkGoesOnPastTheEndOfTheParentToTheEndOfThePage() throws {
        let document = try HTMLDocument(html: Self.page)
        let title = try #require(document.elements(matching: "//h2").first)
        var seen: [String] = []
        title.nodeAfter?.walkOnward { node in
            seen.append(node.name)
            return node.isNamed("li") ? .skip : .enter
        }
        #expect(seen == ["ul", "li", "li", "p", "i", "footer"])

        var untilFooter: [String] = []
        title.walkOnward(texts: true) { node in
            if node.isNamed("footer") { return .stop }
            if let text = node.text { untilFooter.append(text.string.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return .enter
        }
        #expect(untilFooter.filter { !$0.isEmpty } == ["Ingredients", "1 egg", "2", "cups", "milk", "Whisk", "well", "."])
    }

    @Test func theNodeAfterAnElementIsPastItsInsides() throws {
        let document = try HTMLDocument(html: "<html><body><ul><li>1 egg</li></ul><p>Whisk.</p></body></html>")
        let list = try #require(document.elements(matching: "//ul").first)
        #expect(list.nodeAfter?.name == "p")
        let item = try #require(document.elements(matching: "//li").first)
        #expect(item.nodeAfter?.name == "p", "the last item's next node is its list's next sibling")
        let paragraph = try #require(document.elements(matching: "//p").first)
        #expect(paragraph.nodeAfter == nil, "nothing follows the last node of the page")
    }

    /// `MarkupStream` builds each record of an XML file as `MarkupNode`s while libxml2 reads
    /// it: names keep their case, comments and entity references are left out (in attributes
    /// too), nothing external is loaded, and nesting past libxml2's 256 levels stops the reading
    /// with the record cut short and said so, not a crash.
    @Test func anXMLFileIsReadOneRecordAtATime() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE Book [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <Book><Recipe Name="Pancakes &secret;&amp;co">
              <!-- made by hand -->
              <Ing>1 cup flour</Ing><Ing>2 eggs&secret;</Ing>
              <Step>Mix.</Step>
            </Recipe><Other/><Recipe Name="Tea"/></Book>
            """
        var records: [MarkupStream.Record] = []
        let ending = try MarkupStream.read(Data(xml.utf8), dialect: .xml, records: { _ in .children(named: "Recipe") }) {
            records.append($0)
            return true
        }
        #expect(ending.root?.name == "Book")
        #expect(ending.problem == nil)
        #expect(records.map(\.node.name) == ["Recipe", "Recipe"])
        let first = try #require(records.first?.node)
        #expect(first.attributes["Name"] == "Pancakes &co")
        #expect(first.children.map(\.name) == ["Ing", "Ing", "Step"])
        #expect(first.children("Ing").map(\.text) == ["1 cup flour", "2 eggs"])
        #expect(first.children("Step").first?.line == 6)
        #expect(records.allSatisfy { $0.problem == nil })

        let deep = "<a><r>" + String(repeating: "<b>", count: 1_000) + "x" + String(repeating: "</b>", count: 1_000) + "</r></a>"
        var cut: [MarkupStream.Record] = []
        let stopped = try MarkupStream.read(Data(deep.utf8), dialect: .xml, records: { _ in .children(named: "r") }) {
            cut.append($0)
            return true
        }
        #expect(stopped.overLimit?.description.contains("256") == true, "\(String(describing: stopped.overLimit))")
        #expect(cut.count == 1)
        #expect(cut.first?.problem != nil, "the record the reading stopped in is said to be cut short")
    }
}
