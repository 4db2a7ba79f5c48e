import Testing
import ValueBox

/// The box shares its storage until a change, then the changed value owns a copy.
@Suite struct CopyOnWriteBoxTests {
    struct Fields: Sendable, Equatable {
        var name: String
        var items: [Int]
    }

    @Test func copiesShareUntilOneChanges() {
        var first = CopyOnWriteBox(Fields(name: "a", items: [1]))
        let second = first
        #expect(first.sharesStorage(with: second))
        first.fields.items.append(2)
        #expect(!first.sharesStorage(with: second))
        #expect(first.fields == Fields(name: "a", items: [1, 2]))
        #expect(second.fields == Fields(name: "a", items: [1]))
    }

    @Test func everyChangeLeavesEarlierCopiesIntact() {
        var box = CopyOnWriteBox(Fields(name: "a", items: []))
        let before = box
        box.fields.name = "b"     // shared with `before`: copied once
        let afterFirstChange = box
        #expect(!box.sharesStorage(with: before))
        #expect(box.sharesStorage(with: afterFirstChange))
        _ = consume afterFirstChange
        box.fields.items.append(1) // sole owner again
        box.fields.items.append(2)
        #expect(box.fields == Fields(name: "b", items: [1, 2]))
        #expect(before.fields.name == "a")
    }
}
