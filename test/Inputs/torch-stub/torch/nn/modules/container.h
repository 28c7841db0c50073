// nnlint torch stub: module containers. Mirrors torch/csrc/api/include/torch/nn/modules/container/
// {any_value,any_module_holder,any,named_any,modulelist,moduledict,sequential}.h and
// torch/nn/modules/common.h (FORWARD_HAS_DEFAULT_ARGS).
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "../cloneable.h"

#include <functional>


namespace torch {
namespace nn {

// container/any_module_holder.h
struct AnyModulePlaceholder;
template <typename ModuleType, typename... ArgumentTypes>
struct AnyModuleHolder;

// container/any.h
class AnyModule {
 public:
  AnyModule() = default;
  template <typename ModuleType>
  explicit AnyModule(std::shared_ptr<ModuleType> module) : ptr_(std::move(module)) {}
  template <typename ModuleType, typename = torch::detail::enable_if_module_t<ModuleType>>
  explicit AnyModule(ModuleType&& module)
      : AnyModule(std::make_shared<std::decay_t<ModuleType>>(std::forward<ModuleType>(module))) {}
  template <typename ModuleType>
  explicit AnyModule(const ModuleHolder<ModuleType>& module_holder) : AnyModule(module_holder.ptr()) {}
  AnyModule(AnyModule&&) = default;
  AnyModule& operator=(AnyModule&&) = default;
  AnyModule(const AnyModule& other) : ptr_(other.ptr_) {}
  AnyModule& operator=(const AnyModule& other) {
    ptr_ = other.ptr_;
    return *this;
  }
  AnyModule clone(optional<Device> device = nullopt) const { return *this; }
  template <typename ModuleType>
  AnyModule& operator=(std::shared_ptr<ModuleType> module) {
    ptr_ = std::move(module);
    return *this;
  }
  template <typename... ArgumentTypes>
  AnyValue any_forward(ArgumentTypes&&... arguments) { return AnyValue(0); }
  template <typename ReturnType = torch::Tensor, typename... ArgumentTypes>
  ReturnType forward(ArgumentTypes&&... arguments) { return ReturnType(); }
  template <typename T, typename = torch::detail::enable_if_module_t<T>>
  T& get() { return *std::dynamic_pointer_cast<T>(ptr_); }
  template <typename T, typename = torch::detail::enable_if_module_t<T>>
  const T& get() const { return *std::dynamic_pointer_cast<T>(ptr_); }
  template <typename T, typename ContainedType = typename T::ContainedType>
  T get() const { return T(std::dynamic_pointer_cast<ContainedType>(ptr_)); }
  std::shared_ptr<Module> ptr() const { return ptr_; }
  template <typename T, typename = torch::detail::enable_if_module_t<T>>
  std::shared_ptr<T> ptr() const { return std::dynamic_pointer_cast<T>(ptr_); }
  const std::type_info& type_info() const;
  bool is_empty() const noexcept { return ptr_ == nullptr; }

 private:
  std::shared_ptr<Module> ptr_;  // real: std::unique_ptr<AnyModulePlaceholder> content_
};

// container/named_any.h
class NamedAnyModule {
 public:
  template <typename ModuleType>
  NamedAnyModule(std::string name, std::shared_ptr<ModuleType> module_ptr)
      : NamedAnyModule(std::move(name), AnyModule(std::move(module_ptr))) {}
  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  NamedAnyModule(std::string name, M&& module)
      : NamedAnyModule(std::move(name), std::make_shared<typename std::remove_reference<M>::type>(std::forward<M>(module))) {}
  template <typename M>
  NamedAnyModule(std::string name, const ModuleHolder<M>& module_holder)
      : NamedAnyModule(std::move(name), module_holder.ptr()) {}
  NamedAnyModule(std::string name, AnyModule any_module) : name_(std::move(name)), module_(std::move(any_module)) {}
  const std::string& name() const noexcept { return name_; }
  AnyModule& module() noexcept { return module_; }
  const AnyModule& module() const noexcept { return module_; }

 private:
  std::string name_;
  AnyModule module_;
};

// container/modulelist.h
class ModuleListImpl : public Cloneable<ModuleListImpl> {
 public:
  using Iterator = std::vector<std::shared_ptr<Module>>::iterator;
  using ConstIterator = std::vector<std::shared_ptr<Module>>::const_iterator;

  ModuleListImpl() = default;
  template <typename... Modules>
  explicit ModuleListImpl(Modules&&... modules) {
    modules_.reserve(sizeof...(Modules));
    push_back_var(std::forward<Modules>(modules)...);
  }

  std::shared_ptr<Module> clone(const optional<Device>& device = nullopt) const override {
    auto clone = std::make_shared<ModuleListImpl>();
    for (const auto& module : modules_) clone->push_back(module->clone(device));
    return clone;
  }
  void reset() override {}
  void pretty_print(std::ostream& stream) const override {}

  void push_back(std::shared_ptr<Module> module) {
    modules_.push_back(std::move(module));
    const auto index = modules_.size() - 1;
    register_module(std::to_string(index), modules_[index]);
  }
  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void push_back(M&& module) {
    using Type = typename std::remove_reference<M>::type;
    push_back(std::make_shared<Type>(std::forward<M>(module)));
  }
  template <typename M>
  void push_back(const ModuleHolder<M>& module_holder) {
    push_back(module_holder.ptr());
  }
  template <typename Container>
  void extend(const Container& container) {
    for (const auto& module : container) push_back(module);
  }

  Iterator begin() { return modules_.begin(); }
  ConstIterator begin() const { return modules_.begin(); }
  Iterator end() { return modules_.end(); }
  ConstIterator end() const { return modules_.end(); }

  template <typename T>
  T& at(size_t index) {
    static_assert(torch::detail::is_module<T>::value, "Can only call ModuleList::at with an nn::Module type");
    return *modules_[index]->as<T>();
  }
  template <typename T>
  const T& at(size_t index) const {
    static_assert(torch::detail::is_module<T>::value, "Can only call ModuleList::at with an nn::Module type");
    return *modules_[index]->as<T>();
  }
  std::shared_ptr<Module> ptr(size_t index) const { return modules_[index]; }
  template <typename T>
  std::shared_ptr<T> ptr(size_t index) const {
    static_assert(torch::detail::is_module<T>::value, "Can only call ModuleList::ptr with an nn::Module type");
    return std::dynamic_pointer_cast<T>(modules_[index]);
  }
  std::shared_ptr<Module> operator[](size_t index) const { return ptr(index); }
  size_t size() const noexcept { return modules_.size(); }
  bool is_empty() const noexcept { return size() == 0; }

  void insert(size_t index, std::shared_ptr<Module> module) {}
  template <typename M>
  void insert(size_t index, const ModuleHolder<M>& module_holder) {
    insert(index, module_holder.ptr());
  }
  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void insert(size_t index, M&& module) {
    using Type = typename std::remove_reference<M>::type;
    insert(index, std::make_shared<Type>(std::forward<M>(module)));
  }

 private:
  template <typename Head, typename... Tail>
  void push_back_var(Head&& head, Tail&&... tail) {
    push_back(std::forward<Head>(head));
    push_back_var(std::forward<Tail>(tail)...);
  }
  void push_back_var() {}

  std::vector<std::shared_ptr<Module>> modules_;
};
TORCH_MODULE(ModuleList);

// container/moduledict.h
class ModuleDictImpl : public Cloneable<ModuleDictImpl> {
 public:
  using Iterator = torch::OrderedDict<std::string, std::shared_ptr<Module>>::Iterator;
  using ConstIterator = torch::OrderedDict<std::string, std::shared_ptr<Module>>::ConstIterator;

  ModuleDictImpl() = default;
  explicit ModuleDictImpl(const std::vector<std::pair<std::string, std::shared_ptr<Module>>>& modules) {
    update(modules);
  }
  explicit ModuleDictImpl(const torch::OrderedDict<std::string, std::shared_ptr<Module>>& modules) {
    update(modules);
  }

  std::vector<std::pair<std::string, std::shared_ptr<Module>>> items() const { return modules_.pairs(); }
  std::vector<std::string> keys() const { return modules_.keys(); }
  std::vector<std::shared_ptr<Module>> values() const { return modules_.values(); }
  Iterator begin() { return modules_.begin(); }
  ConstIterator begin() const { return modules_.begin(); }
  Iterator end() { return modules_.end(); }
  ConstIterator end() const { return modules_.end(); }
  size_t size() const noexcept { return modules_.size(); }
  bool empty() const noexcept { return modules_.is_empty(); }
  bool contains(const std::string& key) const noexcept { return modules_.contains(key); }
  void clear() { modules_.clear(); }

  std::shared_ptr<Module> clone(const optional<Device>& device = nullopt) const override {
    auto clone = std::make_shared<ModuleDictImpl>();
    for (const auto& module : modules_) clone->insert(module.key(), module.value()->clone(device));
    return clone;
  }
  void reset() override {}
  void pretty_print(std::ostream& stream) const override {}

  std::shared_ptr<Module> operator[](const std::string& key) const { return modules_[key]; }
  template <typename T>
  T& at(const std::string& key) {
    static_assert(torch::detail::is_module<T>::value, "Can only call ModuleList::at with an nn::Module type");
    return *modules_[key]->as<T>();
  }
  template <typename T>
  const T& at(const std::string& key) const {
    static_assert(torch::detail::is_module<T>::value, "Can only call ModuleList::at with an nn::Module type");
    return *modules_[key]->as<T>();
  }
  std::shared_ptr<Module> pop(const std::string& key) {
    auto module = modules_[key];
    modules_.erase(key);
    return module;
  }
  void update(const std::vector<std::pair<std::string, std::shared_ptr<Module>>>& modules) {
    for (auto& item : modules) insert(item.first, item.second);
  }
  template <typename Container>
  void update(const Container& container) {
    for (auto& item : container) insert(item.key(), item.value());
  }

 private:
  torch::OrderedDict<std::string, std::shared_ptr<Module>> modules_;

  void insert(const std::string& key, std::shared_ptr<Module> module) {
    if (contains(key)) {
      modules_[key] = std::move(module);
      replace_module(key, modules_[key]);
    } else {
      modules_.insert(key, std::move(module));
      register_module(key, modules_.back().value());
    }
  }
};
TORCH_MODULE(ModuleDict);

// container/sequential.h
class SequentialImpl : public Cloneable<SequentialImpl> {
 public:
  using Iterator = std::vector<AnyModule>::iterator;
  using ConstIterator = std::vector<AnyModule>::const_iterator;

  SequentialImpl() = default;
  template <typename... Modules>
  explicit SequentialImpl(Modules&&... modules) {
    modules_.reserve(sizeof...(Modules));
    push_back(std::forward<Modules>(modules)...);
  }
  explicit SequentialImpl(torch::OrderedDict<std::string, AnyModule>&& ordered_dict) {
    for (auto& item : ordered_dict) push_back(item.key(), std::move(item.value()));
  }
  explicit SequentialImpl(std::initializer_list<NamedAnyModule> named_modules) {
    for (const auto& named_module : named_modules) push_back(named_module.name(), named_module.module());
  }

  std::shared_ptr<Module> clone(const optional<Device>& device = nullopt) const override {
    auto clone = std::make_shared<SequentialImpl>();
    for (const auto& module : modules_) clone->push_back(module.clone(device));
    return clone;
  }
  void reset() override {}
  void pretty_print(std::ostream& stream) const override {}

  template <typename ReturnType = Tensor, typename... InputTypes>
  ReturnType forward(InputTypes&&... inputs) {
    return ReturnType();  // real: chains AnyModule::any_forward over modules_
  }

  template <typename ModuleType>
  void push_back(std::shared_ptr<ModuleType> module_ptr) {
    push_back(std::to_string(modules_.size()), std::move(module_ptr));
  }
  template <typename ModuleType>
  void push_back(std::string name, std::shared_ptr<ModuleType> module_ptr) {
    push_back(std::move(name), AnyModule(std::move(module_ptr)));
  }
  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void push_back(M&& module) {
    push_back(std::to_string(modules_.size()), std::forward<M>(module));
  }
  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void push_back(std::string name, M&& module) {
    using Type = typename std::remove_reference<M>::type;
    push_back(std::move(name), std::make_shared<Type>(std::forward<M>(module)));
  }
  template <typename M>
  void push_back(const ModuleHolder<M>& module_holder) {
    push_back(std::to_string(modules_.size()), module_holder);
  }
  template <typename M>
  void push_back(std::string name, const ModuleHolder<M>& module_holder) {
    push_back(std::move(name), module_holder.ptr());
  }
  template <typename Container>
  void extend(const Container& container) {
    for (const auto& module : container) push_back(module);
  }
  void push_back(AnyModule any_module) { push_back(std::to_string(modules_.size()), std::move(any_module)); }
  void push_back(std::string name, AnyModule any_module) {
    modules_.push_back(std::move(any_module));
    const auto index = modules_.size() - 1;
    register_module(std::move(name), modules_[index].ptr());
  }

  Iterator begin() { return modules_.begin(); }
  ConstIterator begin() const { return modules_.begin(); }
  Iterator end() { return modules_.end(); }
  ConstIterator end() const { return modules_.end(); }

  template <typename T>
  T& at(size_t index) {
    static_assert(torch::detail::is_module<T>::value, "Can only call Sequential::at with an nn::Module type");
    return modules_[index].get<T>();
  }
  template <typename T>
  const T& at(size_t index) const {
    static_assert(torch::detail::is_module<T>::value, "Can only call Sequential::at with an nn::Module type");
    return modules_[index].get<T>();
  }
  std::shared_ptr<Module> ptr(size_t index) const { return modules_[index].ptr(); }
  template <typename T>
  std::shared_ptr<T> ptr(size_t index) const {
    static_assert(torch::detail::is_module<T>::value, "Can only call Sequential::ptr with an nn::Module type");
    return modules_[index].ptr<T>();
  }
  std::shared_ptr<Module> operator[](size_t index) const { return ptr(index); }
  size_t size() const noexcept { return modules_.size(); }
  bool is_empty() const noexcept { return size() == 0; }

 private:
  template <typename First, typename Second, typename... Rest,
            typename = torch::disable_if_t<
                std::is_same<First, std::string>::value ||
                std::is_same<typename std::decay<First>::type, std::decay<const char (&)[]>::type>::value>>
  void push_back(First&& first, Second&& second, Rest&&... rest) {
    push_back(std::forward<First>(first));
    push_back(std::forward<Second>(second), std::forward<Rest>(rest)...);
  }
  void push_back() {}

  std::vector<AnyModule> modules_;
};

class Sequential : public torch::nn::ModuleHolder<SequentialImpl> {
 public:
  using torch::nn::ModuleHolder<SequentialImpl>::ModuleHolder;
  Sequential() : ModuleHolder() {}
  Sequential(std::initializer_list<NamedAnyModule> named_modules)
      : ModuleHolder(std::make_shared<SequentialImpl>(std::move(named_modules))) {}
};

// container/functional.h
class TORCH_API FunctionalImpl : public torch::nn::Cloneable<FunctionalImpl> {
 public:
  using Function = std::function<Tensor(Tensor)>;
  explicit FunctionalImpl(Function function);
  void reset() override;
  void pretty_print(std::ostream& stream) const override;
  Tensor forward(Tensor input);
  Tensor operator()(Tensor input);
  bool is_serializable() const override;

 private:
  Function function_;
};
TORCH_MODULE(Functional);

}  // namespace nn
}  // namespace torch

// torch/nn/modules/common.h (identical shape; the body is simplified)
#define FORWARD_HAS_DEFAULT_ARGS(...)                                                  \
  template <typename ModuleType, typename... ArgumentTypes>                            \
  friend struct torch::nn::AnyModuleHolder;                                            \
  bool _forward_has_default_args() override {                                          \
    return true;                                                                       \
  }                                                                                    \
  unsigned int _forward_num_required_args() override {                                 \
    std::vector<std::pair<unsigned int, torch::nn::AnyValue>> args_info = {__VA_ARGS__}; \
    return args_info[0].first;                                                         \
  }                                                                                    \
  std::vector<torch::nn::AnyValue> _forward_populate_default_args(                     \
      std::vector<torch::nn::AnyValue>&& arguments) override {                         \
    std::vector<std::pair<unsigned int, torch::nn::AnyValue>> args_info = {__VA_ARGS__}; \
    return std::move(arguments);                                                       \
  }
