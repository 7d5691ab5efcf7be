"""One import circle of a module graph, for the layer tests of the host
(test_host_imports.py) and of the firmware (test_firmware_layers.py): networkx's
cycle search (a dependency of the host already) rather than a search of our own."""
import networkx as nx


def first_circle(deps):
    """One circle of `deps` ({module: modules it imports}) as a list of modules, the
    first repeated at its end; None when there is none."""
    graph = nx.DiGraph()
    for name in sorted(deps):
        graph.add_node(name)
        graph.add_edges_from((name, dep) for dep in sorted(set(deps[name])) if dep in deps)
    try:
        edges = nx.find_cycle(graph)
    except nx.NetworkXNoCycle:
        return None
    return [u for u, _v in edges] + [edges[0][0]]
