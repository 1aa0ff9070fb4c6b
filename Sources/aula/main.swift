import AulaServer
print("aula: not yet wired")
