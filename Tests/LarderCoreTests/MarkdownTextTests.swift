import LarderCore
import Testing

/// Recipe text in Markdown shows as written: marks are escaped only where Markdown would read them.
struct MarkdownTextTests {
    @Test(arguments: ["0.65 kg potatoes", "1.5 l water", "-5 °C in the freezer", "+2 tablespoons", "2)extra",
                      "Perfectly seasoned! This is it.", "Enjoy!!"])
    func numbersAndSignsThatAreNoListMarkStayAsWritten(_ line: String) {
        #expect(MarkdownText.inline(line) == line)
    }

    @Test(arguments: [("1. not a list item", "1\\. not a list item"), ("2) also not", "2\\) also not"),
                      ("- dash", "\\- dash"), ("+ plus", "\\+ plus"), ("---", "\\---"), ("===", "\\==="), ("7.", "7\\."),
                      ("Wow![photo](x)", "Wow\\!\\[photo\\](x)")])
    func marksMarkdownWouldReadAreEscaped(_ line: String, _ escaped: String) {
        #expect(MarkdownText.inline(line) == escaped)
    }
}
