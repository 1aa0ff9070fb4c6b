/// Checks a program's procedures before they are laid out (SPEC §12): the
/// level must unlock them (`void` in its `commands`), each name is used once,
/// and no procedure calls itself, directly or through others. Refusing
/// recursion at compile time is what bounds the call depth: with no cycle, a
/// chain of calls is at most as long as the list of procedures, and the run's
/// return stack is an array (never the Swift stack).
enum ProcedureCheck {
    struct CallSite {
        let callee: String
        let line: Int
        let column: Int
    }

    static func check(_ definitions: [Statement], rules: ProgramRules) throws(SyntaxError) {
        var calls: [String: [CallSite]] = [:]
        var order: [String] = []
        for d in definitions {
            guard case .procedure(let name, let body) = d.kind else { continue }
            let line = d.source.line, column = d.source.column
            if !rules.allows("void") {
                throw SyntaxError(line: line, column: column, phrase: Phrase("level.program.command_locked", ["\(line)", "void"]),
                                  code: "command_locked")
            }
            if calls[name] != nil {
                throw SyntaxError(line: line, column: column, phrase: Phrase("level.syntax.procedure_twice", ["\(line)", "\(column)", name]))
            }
            var sites: [CallSite] = []
            collectCalls(body, into: &sites)
            calls[name] = sites
            order.append(name)
        }
        // Depth-first over the call graph; an edge back to a procedure on the path is recursion.
        var done = Set<String>()
        for start in order where !done.contains(start) {
            var path: [String] = [start]
            var stack: [(name: String, next: Int)] = [(start, 0)]
            while let top = stack.last {
                let sites = calls[top.name] ?? []
                guard top.next < sites.count else {
                    done.insert(top.name)
                    stack.removeLast()
                    path.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let site = sites[top.next]
                guard calls[site.callee] != nil, !done.contains(site.callee) else { continue }
                if let at = path.firstIndex(of: site.callee) {
                    let chain = (path[at...] + [site.callee]).map { $0 + "()" }.joined(separator: " → ")
                    throw SyntaxError(line: site.line, column: site.column,
                                      phrase: Phrase("level.syntax.recursion", ["\(site.line)", "\(site.column)", site.callee, chain]))
                }
                path.append(site.callee)
                stack.append((site.callee, 0))
            }
        }
    }

    /// Every `name();` inside a body, nested blocks included. The parser's
    /// nesting limit keeps this recursion shallow.
    static func collectCalls(_ statements: [Statement], into sites: inout [CallSite]) {
        for s in statements {
            switch s.kind {
            case .call(let name): sites.append(CallSite(callee: name, line: s.source.line, column: s.source.column))
            case .repeatLoop(_, _, let body), .whileLoop(_, let body), .procedure(_, let body): collectCalls(body, into: &sites)
            case .ifElse(let branches, let otherwise):
                for b in branches { collectCalls(b.body, into: &sites) }
                if let otherwise { collectCalls(otherwise, into: &sites) }
            case .action, .declare, .assign, .returnFromProcedure: break
            }
        }
    }
}
